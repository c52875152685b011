import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmOrderPaymentDocument, OrderPaymentDocument, type OrderFieldsFragment } from '../../../graphql/generated';
import { formatRupees } from '../../../lib/money';
import { uploadForm, UploadError } from '../../../lib/upload';

const UTR = /^\d{12}$/;
/** What the server takes as a payment screenshot (by its bytes), and the size it must stay under. */
const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

interface PayPanelProps {
  order: OrderFieldsFragment;
  onDone: () => void;
}

/**
 * An unpaid order's payment (docs/product.md#paying): the seller's payee details with a 'Pay by UPI'
 * link and the same link as a QR code for paying from another phone (bank details without a UPI ID,
 * else 'ask the seller in chat'), then the buyer's "I paid" with the UPI transaction reference, or a
 * screenshot of the payment (checked here for its type and size, previewed, sent as multipart to the
 * REST shim with its progress), or both.
 */
export function PayPanel({ order, onDone }: PayPanelProps) {
  const { t } = useTranslation();
  const utrId = useId();
  const hintId = useId();
  const errorId = useId();
  const { data, loading, error } = useQuery(OrderPaymentDocument, { variables: { orderId: order.id } });
  const [confirm, { loading: confirming }] = useMutation(ConfirmOrderPaymentDocument);
  const [utr, setUtr] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [shotProblem, setShotProblem] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shotId = useId();
  const shotHintId = useId();
  const shotErrorId = useId();
  // The chosen screenshot's preview (none where the browser cannot make one).
  const preview = useMemo(() => (screenshot && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(screenshot) : ''), [screenshot]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const p = data?.orderPayment;
  const amount = formatRupees(p?.amount ?? order.payable);
  const busy = confirming || sending !== null;

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!SCREENSHOT_TYPES.includes(file.type)) return setShotProblem(t('orders.pay.screenshotNotAPicture', { name: file.name }));
    if (file.size >= SCREENSHOT_MAX_BYTES) return setShotProblem(t('orders.pay.screenshotTooLarge', { name: file.name, size: (file.size / (1024 * 1024)).toFixed(1) }));
    setShotProblem(null);
    setScreenshot(file);
  };

  /** The confirmation with its screenshot, as one multipart request (the REST shim's names), with its progress. */
  const sendScreenshot = async (file: File, typed: string) => {
    const form = new FormData();
    form.append('order_id', order.id);
    if (typed) form.append('utr', typed);
    form.append('screenshot', file, file.name);
    setSending(0);
    try {
      await uploadForm('POST', '/orders/confirm', form, setSending);
    } finally {
      setSending(null);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = utr.replace(/[\s-]/g, '');
    if (typed && !UTR.test(typed)) {
      setProblem(t('orders.pay.utrInvalid'));
      return;
    }
    setProblem(null);
    try {
      if (screenshot) await sendScreenshot(screenshot, typed);
      else await confirm({ variables: { orderId: order.id, utr: typed || null } });
    } catch (err) {
      const message = err instanceof UploadError ? (err.failure.kind === 'server' ? err.failure.message : '') : err instanceof Error ? err.message : '';
      setProblem(message ? `${t('orders.confirmFailed')} ${message}` : t('orders.confirmFailed'));
    }
    onDone();
  };

  return (
    <div className="pay-panel">
      {order.paymentNotReceivedAt ? (
        <p className="form-error" role="alert">
          {t('orders.pay.notReceived')}
        </p>
      ) : null}
      {loading && !p ? <p role="status">{t('orders.pay.loading')}</p> : null}
      {error && !p ? <p className="form-error">{t('orders.pay.loadFailed')}</p> : null}
      {p ? (
        <>
          <p className="pay-panel__title">{t('orders.pay.title', { amount, name: p.payee.name })}</p>
          {p.method === 'upi' && p.upiUri ? (
            <>
              <a className="button button--primary pay-panel__upi" href={p.upiUri} aria-label={t('orders.pay.upiButtonLabel', { amount, id: order.displayId })}>
                {t('orders.pay.upiButton')}
              </a>
              <p className="order-card__meta">{t('orders.pay.vpa', { vpa: p.payee.vpa })}</p>
              {p.qr ? (
                <figure className="pay-panel__qr">
                  <svg viewBox={`-2 -2 ${p.qr.size + 4} ${p.qr.size + 4}`} width="168" height="168" role="img" aria-label={t('orders.pay.qrLabel', { amount, name: p.payee.name })}>
                    <rect x="-2" y="-2" width={p.qr.size + 4} height={p.qr.size + 4} fill="#fff" />
                    <path d={p.qr.path} fill="#000" shapeRendering="crispEdges" />
                  </svg>
                  <figcaption className="order-card__meta">{t('orders.pay.qrHint')}</figcaption>
                </figure>
              ) : null}
            </>
          ) : null}
          {p.method === 'bank' && p.payee.bank ? (
            <div className="pay-panel__bank">
              <p className="pay-panel__title">{t('orders.pay.bankTitle')}</p>
              <p className="order-card__meta">{t('orders.pay.bankName', { name: p.payee.bank.accountName })}</p>
              <p className="order-card__meta">{t('orders.pay.bankNumber', { number: p.payee.bank.accountNumber })}</p>
              <p className="order-card__meta">{t('orders.pay.bankIfsc', { ifsc: p.payee.bank.ifsc })}</p>
            </div>
          ) : null}
          {p.method === 'chat' ? (
            <p className="order-card__meta">
              {t('orders.pay.askInChat')} <Link to={`/chat?with=${encodeURIComponent(order.sellerId)}`}>{t('orders.pay.askInChatLink')}</Link>
            </p>
          ) : null}
          {p.method !== 'chat' ? <p className="order-card__meta">{t('orders.pay.reference', { id: p.reference })}</p> : null}
        </>
      ) : null}
      <form className="pay-panel__confirm" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor={utrId}>{t('orders.pay.utrLabel')}</label>
        <input
          id={utrId}
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          value={utr}
          onChange={(e) => {
            setUtr(e.target.value);
            // A refusal of what was typed goes once it is changed.
            if (problem) setProblem(null);
          }}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
        />
        <p id={hintId} className="order-card__meta">
          {t('orders.pay.utrHint')}
        </p>
        <div className="pay-panel__screenshot">
          <input
            ref={fileInput}
            id={shotId}
            className="visually-hidden"
            type="file"
            accept={SCREENSHOT_TYPES.join(',')}
            disabled={busy}
            aria-describedby={shotProblem ? `${shotHintId} ${shotErrorId}` : shotHintId}
            onChange={(e) => choose(e.target.files)}
          />
          <label htmlFor={shotId} className="button button--secondary pay-panel__screenshot-add">
            {t('orders.pay.screenshotLabel')}
          </label>
          <p id={shotHintId} className="order-card__meta">
            {t('orders.pay.screenshotHint')}
          </p>
          {shotProblem ? (
            <p id={shotErrorId} className="form-error" role="alert">
              {shotProblem}
            </p>
          ) : null}
          {screenshot ? (
            <figure className="pay-panel__shot">
              {preview ? <img src={preview} alt={t('orders.pay.screenshotChosen', { name: screenshot.name })} width={96} height={160} /> : null}
              <figcaption className="order-card__meta">
                {t('orders.pay.screenshotChosen', { name: screenshot.name })}{' '}
                <button type="button" className="button button--secondary pay-panel__shot-remove" disabled={busy} onClick={() => setScreenshot(null)}>
                  {t('orders.pay.screenshotRemove')}
                </button>
              </figcaption>
            </figure>
          ) : null}
        </div>
        {sending !== null ? (
          <p className="pay-panel__progress" role="status">
            <progress max={100} value={sending} aria-label={t('orders.pay.sendingLabel')} /> {t('orders.pay.sending', { percent: sending })}
          </p>
        ) : null}
        {problem ? (
          <p id={errorId} className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy} aria-label={t('orders.confirmPaymentLabel', { id: order.displayId })}>
          {t('orders.confirmPayment')}
        </button>
      </form>
    </div>
  );
}
