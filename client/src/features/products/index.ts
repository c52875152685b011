// What the products feature offers the routes and the server's page renderer.
export { CreateProductForm } from './components/create-product-form';
export { EditProductPage } from './components/edit-product-page';
export { ProductPage } from './components/product-page';
export { productHead } from './utils/product-meta';
