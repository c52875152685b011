// What the orders feature offers other features and the routes.
export { BuyNowPanel, type BuyableProduct } from './components/buy-now-panel';
export { OrderBadge, WaitingOrdersCount } from './components/order-badge';
export { OrdersPage } from './components/orders-page';
export { RecentSellerOrders } from './components/recent-seller-orders';
export { SellerOrdersPage } from './components/seller-orders-page';
export { useWaitingOrders } from './hooks/use-waiting-orders';
