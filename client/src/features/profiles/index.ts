// What the profiles feature offers other features and the routes (docs/product.md#seller-profiles, #reviews).
export { ReviewPanel } from './components/review-panel';
export { shortBadgeWords, type BadgeData } from './components/badge-words';
export { SellerBadges } from './components/seller-badges';
export { SellerBadgesFor } from './components/seller-badges-for';
export { SellerProfilePage } from './components/seller-profile-page';
