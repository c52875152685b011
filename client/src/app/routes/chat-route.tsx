import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';

export function ChatRoute() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.chat')} />;
}
