import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/ui/use-page-title';
import '../styles/about.css';

const SECTIONS = ['buyers', 'sellers', 'languages'] as const;

export function AboutRoute() {
  const { t } = useTranslation('about');
  usePageTitle(t('title'));
  return (
    <article className="page page--narrow about-page" aria-labelledby="about-title">
      <h1 id="about-title">{t('title')}</h1>
      <p className="about-page__intro">{t('intro')}</p>
      <div className="about-page__sections">
        {SECTIONS.map((section) => (
          <section key={section} className="about-page__card" aria-labelledby={`about-${section}`}>
            <h2 id={`about-${section}`}>{t(`${section}.title`)}</h2>
            <p>{t(`${section}.body`)}</p>
          </section>
        ))}
      </div>
      <Link className="button button--primary" to="/search">
        {t('cta')}
      </Link>
    </article>
  );
}
