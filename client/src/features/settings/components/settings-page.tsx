import { useQuery } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { AccountSettingsDocument } from '../../../graphql/generated';
import { BusinessSettings } from './business-forms';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { NotificationSettings } from './notification-settings';
import { ProfileForm } from './profile-form';
import './settings.css';

interface SettingsPageProps {
  /** The WhatsApp number row (its badge, buttons and overlay come from the verification feature). */
  whatsappPanel: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
  /** After the account was deleted: forget the session here and leave. */
  onAccountDeleted: () => Promise<void> | void;
}

type Dialog = 'password' | 'delete' | null;

/** /settings (docs/product.md#screens-and-routes): account, phone, profile, log out and the danger zone. */
export function SettingsPage({ whatsappPanel, onLogout, loggingOut, onAccountDeleted }: SettingsPageProps) {
  const { t } = useTranslation('settings');
  usePageTitle(t('title'));
  const { data, loading, error } = useQuery(AccountSettingsDocument, { fetchPolicy: 'cache-and-network' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const account = data?.me;

  return (
    <section className="page page--narrow settings-page" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      {!account && loading ? <p>{t('loading')}</p> : null}
      {!account && error ? (
        <p className="form-error" role="alert">
          {t('loadFailed')}
        </p>
      ) : null}
      {account ? (
        <>
          <section className="settings-section" aria-labelledby="settings-account">
            <h2 id="settings-account" className="settings-section__title">
              {t('account.title')}
            </h2>
            <dl className="settings-facts">
              <dt>{t('account.email')}</dt>
              <dd>{account.email}</dd>
              <dt>{t('account.password')}</dt>
              <dd>
                <button type="button" className="button button--secondary" onClick={() => setDialog('password')}>
                  {t('account.changePassword')}
                </button>
              </dd>
            </dl>
            {notice ? (
              <p className="form-notice" role="status">
                {notice}
              </p>
            ) : null}
          </section>

          <section className="settings-section" aria-labelledby="settings-phone">
            <h2 id="settings-phone" className="settings-section__title">
              {t('phone.title')}
            </h2>
            {whatsappPanel}
          </section>

          <section className="settings-section" aria-labelledby="settings-profile">
            <h2 id="settings-profile" className="settings-section__title">
              {t('profile.title')}
            </h2>
            <ProfileForm key={account.id} account={account} />
          </section>

          <NotificationSettings />

          <BusinessSettings />

          <section className="settings-section" aria-labelledby="settings-session">
            <h2 id="settings-session" className="settings-section__title">
              {t('session.title')}
            </h2>
            <button type="button" className="button button--secondary" onClick={onLogout} disabled={loggingOut} aria-busy={loggingOut}>
              {loggingOut ? t('session.loggingOut') : t('session.logout')}
            </button>
          </section>

          <section className="settings-section settings-section--danger" aria-labelledby="settings-danger">
            <h2 id="settings-danger" className="settings-section__title">
              {t('danger.title')}
            </h2>
            <p>{t('danger.deleteHint')}</p>
            <button type="button" className="button button--danger" onClick={() => setDialog('delete')}>
              {t('danger.deleteAccount')}
            </button>
          </section>
        </>
      ) : null}
      {dialog === 'password' ? <ChangePasswordDialog onClose={() => setDialog(null)} onChanged={() => setNotice(t('password.done'))} /> : null}
      {dialog === 'delete' ? <DeleteAccountDialog onClose={() => setDialog(null)} onDeleted={onAccountDeleted} /> : null}
    </section>
  );
}
