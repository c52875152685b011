import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissInstallHint, installHintDue, onInstallPromptChange, promptInstall } from '../../lib/pwa/install-hint';
import './install-hint.css';

/**
 * The offer to install the app (docs/product.md#installable-app), after the screen's content on a later visit or
 * the first page load after a first order, only where the browser can install it; 'Not now' hides it for good.
 * Never in a rendered page's first paint (it appears after hydration).
 */
export function InstallHint() {
  const [due, setDue] = useState(false);

  useEffect(() => {
    const check = () => setDue(installHintDue());
    check();
    return onInstallPromptChange(check);
  }, []);

  // Nothing of it (not even its texts) takes part in hydrating a rendered page.
  return due ? <InstallCard /> : null;
}

function InstallCard() {
  const { t } = useTranslation();
  return (
    <aside className="install-hint" aria-labelledby="install-hint-title">
      <p id="install-hint-title" className="install-hint__text">
        <strong>{t('installHint.title')}</strong> {t('installHint.why')}
      </p>
      <div className="install-hint__actions">
        <button type="button" className="button button--primary" onClick={() => void promptInstall()}>
          {t('installHint.install')}
        </button>
        <button type="button" className="button button--secondary" onClick={dismissInstallHint}>
          {t('installHint.notNow')}
        </button>
      </div>
    </aside>
  );
}
