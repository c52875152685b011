import { useMutation } from '@apollo/client/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { ReportSomethingDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { FormError } from '../../../components/ui/form-error';

export type ReportTarget = 'user' | 'message' | 'product';
const REASONS = ['spam', 'fraud', 'offensive', 'wrong_category', 'other'] as const;
type Reason = (typeof REASONS)[number];

interface ReportDialogProps {
  targetType: ReportTarget;
  targetId: string;
  onClose: () => void;
}

/** Reporting a user, a message or a product to the team: a reason, words when it is 'other', then thanks. */
export function ReportDialog({ targetType, targetId, onClose }: ReportDialogProps) {
  const { t } = useTranslation('moderation');
  const titleId = useId();
  const first = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { loading }] = useMutation(ReportSomethingDocument);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setError(t('report.chooseReason'));
    if (reason === 'other' && !text.trim()) return setError(t('report.sayWhat'));
    setError(null);
    try {
      await send({ variables: { input: { targetType, targetId, reason, text: text.trim() || null } } });
      setSent(true);
    } catch (err) {
      setError(readServerError(err).message ?? t('report.failed'));
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocusRef={first}>
      <div className="report-dialog">
        <h2 id={titleId}>{t(`report.title.${targetType}`)}</h2>
        {sent ? (
          <>
            <p role="status">{t('report.thanks')}</p>
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('report.close')}
            </button>
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <fieldset className="report-dialog__reasons">
              <legend>{t('report.why')}</legend>
              {REASONS.map((r, i) => (
                <label key={r} className="report-dialog__reason">
                  <input ref={i === 0 ? first : undefined} type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
                  {t(`reasons.${r}`)}
                </label>
              ))}
            </fieldset>
            <label htmlFor={`${titleId}-text`} className="field__label">
              {reason === 'other' ? t('report.textRequired') : t('report.textOptional')}
            </label>
            <textarea id={`${titleId}-text`} className="field__input" rows={3} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
            <FormError message={error} />
            <div className="report-dialog__actions">
              <button type="submit" className="button button--primary" disabled={loading}>
                {loading ? t('report.sending') : t('report.send')}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {t('report.cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
