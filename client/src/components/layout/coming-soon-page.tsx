import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/use-page-title';

/** Placeholder for a screen that a later piece of work builds. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <section className="page page--narrow notice-page" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{title}</h1>
      <p className="notice-page__badge">{t('comingSoon.heading')}</p>
      <p>{t('comingSoon.body')}</p>
      <Link className="button button--secondary" to="/">
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
