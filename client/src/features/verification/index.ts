// What the verification feature offers the routes.
export { WhatsappPanel } from './components/whatsapp-panel';
