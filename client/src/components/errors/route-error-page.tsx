import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { usePageTitle } from '../ui/use-page-title';

/**
 * docs/product.md#errors names this exact text for an uncaught route error, in every language, so it is a fixed
 * string (marked as English for screen readers); the hint under it is translated.
 */
export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

/** Route errorElement: anything a screen throws while rendering ends up here instead of a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  usePageTitle(UNEXPECTED_ERROR_TITLE);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <section className="page page--narrow notice-page" role="alert" aria-labelledby="route-error-title">
      <h1 id="route-error-title" lang="en">
        {UNEXPECTED_ERROR_TITLE}
      </h1>
      <p>{t('routeError.hint')}</p>
      <div className="notice-page__actions">
        <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link className="button button--primary" to="/" reloadDocument>
          {t('routeError.backHome')}
        </Link>
      </div>
    </section>
  );
}
