// What the requirements feature offers the routes (docs/product.md#buy-requirements).
export { MyRfqsPage } from './components/my-rfqs-page';
export { RfqDraftPage } from './components/rfq-draft-page';
export { SellerRfqsPage } from './components/seller-rfqs-page';
