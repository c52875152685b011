import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WhatsappStatusDocument } from '../../../graphql/generated';
import { PhoneVerificationDialog } from './phone-verification-dialog';
import './verification.css';

/** How the overlay opens: at step 1 for a new number, or at step 2 for the pending one. */
type Overlay = 'new' | 'pending' | null;

/**
 * The phone row of /settings: the WhatsApp number with its verified / not verified badge, and the
 * add, verify or change button that opens the two-step overlay. A number a code was sent to and not
 * verified yet is pending: 'Verify number' reopens the overlay at step 2 for it. When the server
 * sends no WhatsApp messages (WHATSAPP_DRIVER=off) the panel says so and offers no action. The page
 * around it gives the heading.
 */
export function WhatsappPanel() {
  const { t } = useTranslation('verification');
  const { data, loading, error } = useQuery(WhatsappStatusDocument, { fetchPolicy: 'cache-and-network' });
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const status = data?.whatsappStatus;
  const verified = status?.whatsappVerified ? status.whatsappNumber : null;
  const pending = status?.pendingNumber ?? null;

  const open = (which: Exclude<Overlay, null>) => {
    setNotice(null);
    setOverlay(which);
  };

  // The main row: the verified number (change it), else the pending one (verify it), else none (add one).
  const shown = verified ?? pending;
  const [mainLabel, mainOverlay] = verified ? [t('phone.change'), 'new' as const] : pending ? [t('phone.verify'), 'pending' as const] : [t('phone.add'), 'new' as const];
  const mainAction = (
    <button type="button" className="button button--secondary" onClick={() => open(mainOverlay)}>
      {mainLabel}
    </button>
  );

  return (
    <div className="whatsapp-panel">
      {!status && loading ? <p>{t('phone.loading')}</p> : null}
      {!status && error ? (
        <p className="form-error" role="alert">
          {t('phone.loadFailed')}
        </p>
      ) : null}
      {status ? (
        <>
          <div className="whatsapp-row">
            <span className="whatsapp-row__number">{shown ?? t('phone.none')}</span>
            <span className={`badge ${verified ? 'badge--ok' : 'badge--warn'}`}>{verified ? t('phone.verified') : t('phone.notVerified')}</span>
            {status.available ? mainAction : null}
          </div>
          {status.available && pending ? (
            <div className="whatsapp-row whatsapp-row--pending">
              <span>{t('phone.pendingNote', { number: pending })}</span>
              {/* With a verified number the main button changes it; the pending one is verified here. */}
              {verified ? (
                <button type="button" className="button button--link" onClick={() => open('pending')}>
                  {t('phone.verify')}
                </button>
              ) : null}
            </div>
          ) : null}
          {!status.available ? (
            <p className="form-notice" role="note">
              {t('otp.unavailable')}
            </p>
          ) : null}
        </>
      ) : null}
      {notice ? (
        <p className="form-notice" role="status">
          {notice}
        </p>
      ) : null}
      {overlay && status ? (
        <PhoneVerificationDialog
          initialNumber={status.whatsappNumber}
          pending={overlay === 'pending' && pending ? { number: pending, resendAfterSeconds: status.resendAfterSeconds } : null}
          sandbox={status.sandbox}
          onClose={() => setOverlay(null)}
          onVerified={() => setNotice(t('phone.success'))}
        />
      ) : null}
    </div>
  );
}
