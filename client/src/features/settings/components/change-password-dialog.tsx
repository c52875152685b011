import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ChangePasswordDocument } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { FormError } from '../../../components/ui/form-error';

interface ChangePasswordDialogProps {
  onClose: () => void;
  onChanged: () => void;
}

/** Current password, new password twice; the server's password rule and messages apply. */
export function ChangePasswordDialog({ onClose, onChanged }: ChangePasswordDialogProps) {
  const { t } = useTranslation('settings');
  const titleId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; confirm?: string; form?: string }>({});
  const [change, { loading }] = useMutation(ChangePasswordDocument);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    if (current === '') return setErrors({ current: t('password.currentRequired') });
    if (next === '') return setErrors({ next: t('password.newRequired') });
    if (confirm !== next) return setErrors({ confirm: t('password.mismatch') });
    setErrors({});
    try {
      await change({ variables: { input: { currentPassword: current, newPassword: next } } });
      onChanged();
      onClose();
    } catch (failure) {
      const { message, details } = readServerError(failure);
      const fields = (details.fields ?? {}) as Record<string, unknown>;
      if (typeof fields.currentPassword === 'string') setErrors({ current: fields.currentPassword });
      else if (typeof fields.newPassword === 'string') setErrors({ next: fields.newPassword });
      else setErrors({ form: message ?? t('password.failed') });
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <h2 id={titleId} className="settings-dialog__title">
          {t('password.title')}
        </h2>
        <TextField
          id="password-current"
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.current}
          autoFocus
        />
        <TextField
          id="password-new"
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={errors.next}
        />
        <TextField
          id="password-confirm"
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={errors.confirm}
        />
        <FormError message={errors.form} />
        <div className="settings-dialog__actions">
          <button type="submit" className="button button--primary" disabled={loading} aria-busy={loading}>
            {loading ? t('password.saving') : t('password.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('password.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
