import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab (and what screen readers announce on navigation) after the current screen. */
export function usePageTitle(title?: string): void {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
