import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ResolveReportDocument, UnsuspendUserDocument, type OperatorReportFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { FormError } from '../../../components/ui/form-error';

type Action = 'dismiss' | 'hide_product' | 'suspend_user';

/** The operator's decision on a report: why (required, for the audit log), then dismiss, hide the product or suspend the user. */
export function ResolveForm({ report, onDone }: { report: OperatorReportFieldsFragment; onDone: () => void }) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resolve, { loading }] = useMutation(ResolveReportDocument);
  const act = async (action: Action) => {
    if (!note.trim()) return setError(t('console.noteRequired'));
    setError(null);
    try {
      await resolve({ variables: { reportId: report.id, action, note: note.trim() } });
      onDone();
    } catch (err) {
      setError(readServerError(err).message ?? t('console.failed'));
    }
  };
  return (
    <form className="op-resolve" onSubmit={(e) => e.preventDefault()} noValidate>
      <label htmlFor={`${id}-note`} className="field__label">
        {t('console.note')}
      </label>
      <textarea id={`${id}-note`} className="field__input" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={Boolean(error) || undefined} />
      <FormError message={error} />
      <div className="op-resolve__buttons">
        <button type="button" className="button button--secondary" disabled={loading} onClick={() => void act('dismiss')}>
          {t('console.dismiss')}
        </button>
        {report.targetType === 'product' && report.product && !report.product.held ? (
          <button type="button" className="button button--secondary" disabled={loading} onClick={() => void act('hide_product')}>
            {t('console.hideProduct')}
          </button>
        ) : null}
        {!report.targetUser.suspended ? (
          <button type="button" className="button button--danger" disabled={loading} onClick={() => void act('suspend_user')}>
            {t('console.suspend', { username: report.targetUser.username })}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** Lifting a suspension: a button that asks why first. */
export function UnsuspendForm({ userId, username, onDone }: { userId: string; username: string; onDone: () => void }) {
  const { t } = useTranslation('moderation');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [unsuspend, { loading }] = useMutation(UnsuspendUserDocument);
  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('console.unsuspend', { username })}
      </button>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setError(t('console.noteRequired'));
    setError(null);
    try {
      await unsuspend({ variables: { userId, note: note.trim() } });
      onDone();
    } catch (err) {
      setError(readServerError(err).message ?? t('console.failed'));
    }
  };
  return (
    <form className="op-resolve" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-note`} className="field__label">
        {t('console.note')}
      </label>
      <textarea id={`${id}-note`} className="field__input" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <FormError message={error} />
      <div className="op-resolve__buttons">
        <button type="submit" className="button button--primary" disabled={loading}>
          {t('console.unsuspend', { username })}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          {t('report.cancel')}
        </button>
      </div>
    </form>
  );
}
