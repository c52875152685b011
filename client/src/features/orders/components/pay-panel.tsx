import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmOrderPaymentDocument, OrderPaymentDocument, type OrderFieldsFragment } from '../../../graphql/generated';
import { formatRupees } from '../../../lib/money';

const UTR = /^\d{12}$/;

interface PayPanelProps {
  order: OrderFieldsFragment;
  onDone: () => void;
}

/**
 * An unpaid order's payment (docs/product.md#paying): the seller's payee details with a 'Pay by UPI'
 * link and the same link as a QR code for paying from another phone (bank details without a UPI ID,
 * else 'ask the seller in chat'), then the buyer's "I paid" with the UPI transaction reference.
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
  const p = data?.orderPayment;
  const amount = formatRupees(p?.amount ?? order.payable);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = utr.replace(/[\s-]/g, '');
    if (typed && !UTR.test(typed)) {
      setProblem(t('orders.pay.utrInvalid'));
      return;
    }
    setProblem(null);
    try {
      await confirm({ variables: { orderId: order.id, utr: typed || null } });
    } catch (err) {
      setProblem(err instanceof Error && err.message ? `${t('orders.confirmFailed')} ${err.message}` : t('orders.confirmFailed'));
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
          onChange={(e) => setUtr(e.target.value)}
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={problem ? true : undefined}
        />
        <p id={hintId} className="order-card__meta">
          {t('orders.pay.utrHint')}
        </p>
        {problem ? (
          <p id={errorId} className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={confirming} aria-busy={confirming} aria-label={t('orders.confirmPaymentLabel', { id: order.displayId })}>
          {t('orders.confirmPayment')}
        </button>
      </form>
    </div>
  );
}
