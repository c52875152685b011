import { useTranslation } from 'react-i18next';
import type { RealtimeStatus } from '../apollo-client';
import './live-status.css';

/** The visible "reconnecting" state of a live screen (announced politely to screen readers). */
export function LiveStatusNotice({ status }: { status: RealtimeStatus }) {
  const { t } = useTranslation();
  return (
    <p className="live-status" role="status" aria-live="polite" hidden={status !== 'reconnecting'}>
      {status === 'reconnecting' ? t('live.reconnecting') : null}
    </p>
  );
}
