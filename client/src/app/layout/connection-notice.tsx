import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './install-hint.css';

/**
 * Says on every screen that the device is offline (docs/product.md#offline-and-weak-networks), from the browser's
 * online and offline events; gone once back online. Nothing of it takes part in hydrating a rendered page.
 */
export function ConnectionNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return offline ? <OfflineBar /> : null;
}

function OfflineBar() {
  const { t } = useTranslation();
  return (
    <p className="connection-notice" role="status">
      {t('connection.offline')}
    </p>
  );
}
