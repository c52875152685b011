import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { ProductForm } from './product-form';
import './products.css';

/** /sell and /seller/products/create: the product form for a new listing (docs/product.md#screens-and-routes). */
export function CreateProductForm() {
  const { t } = useTranslation('products');
  usePageTitle(t('form.createTitle'));
  return (
    <section className="page page--narrow product-form-page" aria-labelledby="create-product-title">
      <h1 id="create-product-title">{t('form.createTitle')}</h1>
      <ProductForm mode="create" />
    </section>
  );
}
