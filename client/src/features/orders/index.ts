// What the orders feature offers other features and the routes.
export { BuyNowPanel, type BuyableProduct } from './components/buy-now-panel';
export { OrderBadge } from './components/order-badge';
export { OrdersPage } from './components/orders-page';
export { RecentSellerOrders } from './components/recent-seller-orders';
export { SellerOrdersPage } from './components/seller-orders-page';
