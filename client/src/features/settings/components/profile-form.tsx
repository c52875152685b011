import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { UpdateAccountSettingsDocument, type AccountSettingsFieldsFragment, type AccountSettingsInput } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { FormEnd } from './form-end';

type Language = 'en' | 'hi';

/** Username, the language of the messages we send, and email notifications; saves only what changed. */
export function ProfileForm({ account }: { account: AccountSettingsFieldsFragment }) {
  const { t } = useTranslation('settings');
  const [username, setUsername] = useState(account.username);
  const [language, setLanguage] = useState<Language>(account.language === 'hi' ? 'hi' : 'en');
  const [emailNotifications, setEmailNotifications] = useState(account.emailNotifications);
  const [error, setError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [save, { loading }] = useMutation(UpdateAccountSettingsDocument);

  const changes: AccountSettingsInput = {
    ...(username.trim() !== account.username ? { username: username.trim() } : {}),
    ...(language !== account.language ? { language } : {}),
    ...(emailNotifications !== account.emailNotifications ? { emailNotifications } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setError(null);
    setUsernameError(null);
    setNotice(null);
    if (username.trim() === '') return setUsernameError(t('profile.usernameRequired'));
    if (!dirty) return setNotice(t('profile.unchanged'));
    try {
      const { data } = await save({ variables: { input: changes } });
      if (data) setUsername(data.updateAccountSettings.username);
      setNotice(t('profile.saved'));
    } catch (failure) {
      const { message, details } = readServerError(failure);
      const fields = (details.fields ?? {}) as Record<string, unknown>;
      if (typeof fields.username === 'string') setUsernameError(fields.username);
      else setError(message ?? t('profile.failed'));
    }
  };

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextField
        id="settings-username"
        name="username"
        label={t('profile.username')}
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        error={usernameError}
      />
      <div className="field">
        <label className="field__label" htmlFor="settings-language">
          {t('profile.language')}
        </label>
        <select
          id="settings-language"
          className="field__input"
          value={language}
          onChange={(event) => setLanguage(event.target.value === 'hi' ? 'hi' : 'en')}
        >
          <option value="en">{t('profile.languageEn')}</option>
          <option value="hi">{t('profile.languageHi')}</option>
        </select>
      </div>
      <div className="settings-toggle">
        <input
          id="settings-email-notifications"
          type="checkbox"
          checked={emailNotifications}
          onChange={(event) => setEmailNotifications(event.target.checked)}
          aria-describedby="settings-email-notifications-hint"
        />
        <label htmlFor="settings-email-notifications">{t('profile.emailNotifications')}</label>
        <p id="settings-email-notifications-hint" className="settings-toggle__hint">
          {t('profile.emailNotificationsHint')}
        </p>
      </div>
      <FormEnd loading={loading} message={error} notice={notice} save={t('profile.save')} saving={t('profile.saving')} />
    </form>
  );
}
