import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { DeleteAccountDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';

interface DeleteAccountDialogProps {
  onClose: () => void;
  /** Runs after the server deleted the account (and ended its sessions). */
  onDeleted: () => Promise<void> | void;
}

/** The confirmation of docs/product.md#validation, with the password asked again. */
export function DeleteAccountDialog({ onClose, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remove, { loading }] = useMutation(DeleteAccountDocument);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (password === '') return setError(t('danger.passwordRequired'));
    setError(null);
    try {
      await remove({ variables: { input: { password } } });
    } catch (failure) {
      return setError(readServerError(failure).message ?? t('danger.failed'));
    }
    await onDeleted();
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 id={titleId} className="settings-dialog__title">
          {t('danger.confirmTitle')}
        </h2>
        <p>{t('danger.confirm')}</p>
        <TextField
          id="delete-password"
          label={t('danger.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          autoFocus
        />
        <div className="settings-dialog__actions">
          <button type="submit" className="button button--danger" disabled={loading} aria-busy={loading}>
            {loading ? t('danger.deleting') : t('danger.confirmButton')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('danger.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
