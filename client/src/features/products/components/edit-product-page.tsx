import { useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ProductDetailsDocument } from '../../../graphql/generated';
import { ProductForm } from './product-form';
import './products.css';

/** /seller/products/edit/{id}: loads the product, then the product form with its values (docs/product.md#screens-and-routes). */
export function EditProductPage({ id }: { id: string }) {
  const { t } = useTranslation('products');
  usePageTitle(t('form.editTitle'));
  const { data, loading, error, refetch } = useQuery(ProductDetailsDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const product = data?.product;
  // Unsaved edits of the fields or of the questions: leaving asks first (in the app and on reload/close).
  const [unsaved, setUnsaved] = useState(false);

  return (
    <section className="page page--narrow product-form-page" aria-labelledby="edit-product-title">
      <h1 id="edit-product-title">{t('form.editTitle')}</h1>
      {!product && loading ? <p role="status">{t('form.loading')}</p> : null}
      {!product && error ? (
        <div className="form-error" role="alert">
          <p>{t('form.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
            {t('page.retry')}
          </button>
        </div>
      ) : null}
      {product && !product.isOwner ? (
        <p className="form-error" role="alert">
          {t('form.notOwner')}
        </p>
      ) : null}
      {product?.isOwner ? (
        <>
          <Link to={`/product/${product.id}`}>{t('form.viewProduct')}</Link>
          <ProductForm key={product.id} mode="edit" product={product} onDirtyChange={setUnsaved} onUploaded={() => refetch()} />
        </>
      ) : null}
      <UnsavedChangesGuard when={unsaved} />
    </section>
  );
}

/**
 * Asks before leaving a page with unsaved changes: a dialog for links and back inside the app, the
 * browser's own question for a reload or closing the tab.
 */
function UnsavedChangesGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('products');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers that predate preventDefault() here (and some headless ones) ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal labelledBy="unsaved-title" onClose={() => blocker.reset()}>
      <div className="unsaved-dialog">
        <h2 id="unsaved-title">{t('unsaved.title')}</h2>
        <p>{t('unsaved.body')}</p>
        <div className="notice-page__actions">
          <button type="button" className="button button--primary" onClick={() => blocker.reset()}>
            {t('unsaved.stay')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => blocker.proceed()}>
            {t('unsaved.leave')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
