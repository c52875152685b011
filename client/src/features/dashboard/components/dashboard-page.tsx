import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecommendationRows } from './recommendation-rows';
import { SellerFigures } from './seller-figures';
import './dashboard.css';

interface DashboardPageProps {
  username: string | null;
  /** Opens the search assistant. */
  onSearch: () => void;
}

/**
 * /dashboard: welcome, the seller's own figures (docs/product.md#seller-figures), quick actions (add product,
 * search products, view messages), recommendations.
 */
export function DashboardPage({ username, onSearch }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard">
      <header className="dashboard__welcome">
        <h1>{username ? t('welcome', { name: username }) : t('welcomeBack')}</h1>
        <p>{t('intro')}</p>
      </header>
      <SellerFigures />
      <nav className="dashboard__actions" aria-label={t('quickActions')}>
        <Link className="button button--primary" to="/sell">
          {t('addProduct')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onSearch}>
          {t('searchProducts')}
        </button>
        <Link className="button button--secondary" to="/chat">
          {t('viewMessages')}
        </Link>
      </nav>
      <RecommendationRows />
    </div>
  );
}
