import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { DeleteProductDocument, MyProductsDocument, SetProductEnabledDocument, type SellerProductFieldsFragment } from '../../../graphql/generated';
import { readServerError } from '../../../lib/graphql-errors';
import { usePriceFormat } from '../../../lib/price';
import { ProductThumb } from './product-thumb';
import './seller.css';

export const PAGE_SIZE = 10;

/** /seller/products: the seller's products with enable/disable, edit, delete and paging. */
export function SellerProductsPage() {
  const { t } = useTranslation('seller');
  const format = usePriceFormat();
  usePageTitle(t('products.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, loading, error, refetch } = useQuery(MyProductsDocument, {
    variables: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const [setEnabled] = useMutation(SetProductEnabledDocument);
  const [remove] = useMutation(DeleteProductDocument);
  const [status, setStatus] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [ask, dialog] = useConfirm();

  const total = data?.myProducts.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const goTo = (n: number) => setParams(n === 1 ? {} : { page: String(n) });

  const toggle = async (p: SellerProductFieldsFragment) => {
    setBusyId(p.id);
    try {
      await setEnabled({ variables: { id: p.id, enabled: !p.enabled } });
      setStatus({ kind: 'notice', text: t(p.enabled ? 'products.nowInactive' : 'products.nowActive', { title: p.title }) });
    } catch (failure) {
      setStatus({ kind: 'error', text: readServerError(failure).message ?? t('products.toggleFailed') });
    } finally {
      setBusyId(null);
    }
  };

  const onDelete = async (p: SellerProductFieldsFragment) => {
    if (!(await ask({ title: t('products.confirmDelete', { title: p.title }), body: t('products.confirmDeleteBody'), confirmLabel: t('products.delete'), danger: true }))) return;
    setBusyId(p.id);
    try {
      await remove({ variables: { id: p.id } });
      setStatus({ kind: 'notice', text: t('products.deleted', { title: p.title }) });
      const result = await refetch();
      // Deleting the last product of a page moves back a page.
      if (result.data && result.data.myProducts.items.length === 0 && page > 1) goTo(page - 1);
    } catch (failure) {
      setStatus({ kind: 'error', text: readServerError(failure).message ?? t('products.deleteFailed') });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="page seller-page" aria-labelledby="seller-products-title">
      <h1 id="seller-products-title">{t('products.title')}</h1>
      <div className="seller-actions">
        <Link className="button button--primary" to="/sell">
          {t('products.create')}
        </Link>
      </div>
      {status ? (
        <p className={status.kind === 'error' ? 'form-error' : 'form-notice'} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
      {!data && loading ? <p role="status">{t('products.loading')}</p> : null}
      {!data && error ? (
        <div>
          <p className="form-error" role="alert">
            {t('products.loadFailed')}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            {t('products.retry')}
          </button>
        </div>
      ) : null}
      {data && total === 0 ? <p>{t('products.empty')}</p> : null}
      {data && data.myProducts.items.length ? (
        <ul className="seller-list">
          {data.myProducts.items.map((p) => (
            <li key={p.id} className="seller-row">
              <ProductThumb product={p} />
              <div className="seller-row__info">
                <Link to={`/product/${p.id}`}>{p.title}</Link>
                <p>
                  {format.line(p)} · {p.categoryName} · {t('products.upTo', { quantity: format.quantity(p.maxQuantity) })}
                </p>
                <span className={`seller-badge${p.enabled ? ' seller-badge--active' : ''}`}>{p.enabled ? t('products.active') : t('products.inactive')}</span>
              </div>
              <div className="seller-row__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t(p.enabled ? 'products.disableLabel' : 'products.enableLabel', { title: p.title })}
                  disabled={busyId === p.id}
                  onClick={() => void toggle(p)}
                >
                  {p.enabled ? t('products.disable') : t('products.enable')}
                </button>
                <Link className="button button--secondary" to={`/seller/products/edit/${p.id}`} aria-label={t('products.editLabel', { title: p.title })}>
                  {t('products.edit')}
                </Link>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('products.deleteLabel', { title: p.title })}
                  disabled={busyId === p.id}
                  onClick={() => void onDelete(p)}
                >
                  {t('products.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="seller-pager" aria-label={t('products.pagination')}>
          <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t('products.previous')}
          </button>
          <span>{t('products.pageOf', { page, pages })}</span>
          <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => goTo(page + 1)}>
            {t('products.next')}
          </button>
        </nav>
      ) : null}
      {dialog}
    </section>
  );
}
