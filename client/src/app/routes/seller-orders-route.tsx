import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/layout/coming-soon-page';

export function SellerOrdersRoute() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.sellerOrders')} />;
}
