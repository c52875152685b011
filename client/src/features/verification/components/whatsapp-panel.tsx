import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WhatsappStatusDocument } from '../../../graphql/generated';
import { PhoneVerificationDialog } from './phone-verification-dialog';
import './verification.css';

/**
 * The phone row of /settings: the WhatsApp number with its verified / not verified badge, and the
 * add, verify or change button that opens the two-step overlay. The page around it gives the heading.
 */
export function WhatsappPanel() {
  const { t } = useTranslation('verification');
  const { data, loading, error } = useQuery(WhatsappStatusDocument, { fetchPolicy: 'cache-and-network' });
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const status = data?.whatsappStatus;

  const action = !status?.whatsappNumber ? t('phone.add') : status.whatsappVerified ? t('phone.change') : t('phone.verify');

  return (
    <div className="whatsapp-panel">
      {!status && loading ? <p>{t('phone.loading')}</p> : null}
      {!status && error ? (
        <p className="form-error" role="alert">
          {t('phone.loadFailed')}
        </p>
      ) : null}
      {status ? (
        <div className="whatsapp-row">
          <span className="whatsapp-row__number">{status.whatsappNumber ?? t('phone.none')}</span>
          <span className={`badge ${status.whatsappVerified ? 'badge--ok' : 'badge--warn'}`}>
            {status.whatsappVerified ? t('phone.verified') : t('phone.notVerified')}
          </span>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setNotice(null);
              setOpen(true);
            }}
          >
            {action}
          </button>
        </div>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {open && status ? (
        <PhoneVerificationDialog
          initialNumber={status.whatsappNumber}
          sandbox={status.sandbox}
          onClose={() => setOpen(false)}
          onVerified={() => setNotice(t('phone.success'))}
        />
      ) : null}
    </div>
  );
}
