// What the seller feature offers the routes.
export { SellerDashboard } from './components/seller-dashboard';
export { SellerProductsPage } from './components/seller-products-page';
