// What the chat feature offers other features and the routes.
export { ChatButton, useUnreadTotal } from './components/chat-badge';
export { ChatPage } from './components/chat-page';
export { InquiryOverlay, type InquiryProduct } from './components/inquiry-overlay';
export { MakeOffer } from './components/make-offer';
