import { Migration20261122000100_accounts } from './Migration20261122000100_accounts.js';
import { Migration20261122000200_verification } from './Migration20261122000200_verification.js';
import { Migration20261122000300_products } from './Migration20261122000300_products.js';
import { Migration20261122000400_search } from './Migration20261122000400_search.js';
import { Migration20261123000100_otp_sends } from './Migration20261123000100_otp_sends.js';
import { Migration20261124120000_orders } from './Migration20261124120000_orders.js';
import { Migration20261124130000_orders_purchase_recorded } from './Migration20261124130000_orders_purchase_recorded.js';
import { Migration20261124220000_live_events } from './Migration20261124220000_live_events.js';
import { Migration20261124223000_outbox_notify_payload } from './Migration20261124223000_outbox_notify_payload.js';
import { Migration20261125020000_chat } from './Migration20261125020000_chat.js';
import { Migration20261126090000_search_scan_order } from './Migration20261126090000_search_scan_order.js';
import { Migration20261126120000_search_postings } from './Migration20261126120000_search_postings.js';
import { Migration20261126150000_search_postings_by_category } from './Migration20261126150000_search_postings_by_category.js';
import { Migration20261126170000_products_seller_page } from './Migration20261126170000_products_seller_page.js';
import { Migration20261127192635_search_vocabulary } from './Migration20261127192635_search_vocabulary.js';
import { Migration20261127193108_business_details } from './Migration20261127193108_business_details.js';
import { Migration20261127194213_product_paperwork } from './Migration20261127194213_product_paperwork.js';
import { Migration20261127194357_products_price_range } from './Migration20261127194357_products_price_range.js';
import { Migration20261127200737_outbox_trace_context } from './Migration20261127200737_outbox_trace_context.js';
import { Migration20261127204040_user_blocks } from './Migration20261127204040_user_blocks.js';
import { Migration20261127211025_sweep_indexes } from './Migration20261127211025_sweep_indexes.js';
import { Migration20261127230000_operator_reports } from './Migration20261127230000_operator_reports.js';
import { Migration20261128000000_search_vocabulary_spoken_keys } from './Migration20261128000000_search_vocabulary_spoken_keys.js';
import { Migration20261128001000_order_paperwork } from './Migration20261128001000_order_paperwork.js';
import { Migration20261128001100_order_payment_marks } from './Migration20261128001100_order_payment_marks.js';
import { Migration20261128003000_invoices } from './Migration20261128003000_invoices.js';
import { Migration20261128020000_seller_figures } from './Migration20261128020000_seller_figures.js';
import { Migration20261128021000_requirements } from './Migration20261128021000_requirements.js';
import { Migration20261128030000_reviews } from './Migration20261128030000_reviews.js';
import { Migration20261128031000_order_invoice_number } from './Migration20261128031000_order_invoice_number.js';
import { Migration20261128060000_notifications } from './Migration20261128060000_notifications.js';
import { Migration20261128090000_seller_standing } from './Migration20261128090000_seller_standing.js';
import { Migration20261128091000_rfq_photos } from './Migration20261128091000_rfq_photos.js';
import { Migration20261128092000_chat_voice_notes } from './Migration20261128092000_chat_voice_notes.js';
import { Migration20261128093000_queue_dashboard_actions } from './Migration20261128093000_queue_dashboard_actions.js';

/**
 * Every migration, in order. Listed explicitly (not discovered from the file system) so the same
 * list runs from TypeScript sources in tests and from the compiled build in production.
 */
export const MIGRATIONS = [
  { name: 'Migration20261122000100_accounts', class: Migration20261122000100_accounts },
  { name: 'Migration20261122000200_verification', class: Migration20261122000200_verification },
  { name: 'Migration20261122000300_products', class: Migration20261122000300_products },
  { name: 'Migration20261122000400_search', class: Migration20261122000400_search },
  { name: 'Migration20261123000100_otp_sends', class: Migration20261123000100_otp_sends },
  { name: 'Migration20261124120000_orders', class: Migration20261124120000_orders },
  { name: 'Migration20261124130000_orders_purchase_recorded', class: Migration20261124130000_orders_purchase_recorded },
  { name: 'Migration20261124220000_live_events', class: Migration20261124220000_live_events },
  { name: 'Migration20261124223000_outbox_notify_payload', class: Migration20261124223000_outbox_notify_payload },
  { name: 'Migration20261125020000_chat', class: Migration20261125020000_chat },
  { name: 'Migration20261126090000_search_scan_order', class: Migration20261126090000_search_scan_order },
  { name: 'Migration20261126120000_search_postings', class: Migration20261126120000_search_postings },
  { name: 'Migration20261126150000_search_postings_by_category', class: Migration20261126150000_search_postings_by_category },
  { name: 'Migration20261126170000_products_seller_page', class: Migration20261126170000_products_seller_page },
  { name: 'Migration20261127192635_search_vocabulary', class: Migration20261127192635_search_vocabulary },
  { name: 'Migration20261127193108_business_details', class: Migration20261127193108_business_details },
  { name: 'Migration20261127194213_product_paperwork', class: Migration20261127194213_product_paperwork },
  { name: 'Migration20261127194357_products_price_range', class: Migration20261127194357_products_price_range },
  { name: 'Migration20261127200737_outbox_trace_context', class: Migration20261127200737_outbox_trace_context },
  { name: 'Migration20261127204040_user_blocks', class: Migration20261127204040_user_blocks },
  { name: 'Migration20261127211025_sweep_indexes', class: Migration20261127211025_sweep_indexes },
  { name: 'Migration20261127230000_operator_reports', class: Migration20261127230000_operator_reports },
  { name: 'Migration20261128000000_search_vocabulary_spoken_keys', class: Migration20261128000000_search_vocabulary_spoken_keys },
  { name: 'Migration20261128001000_order_paperwork', class: Migration20261128001000_order_paperwork },
  { name: 'Migration20261128001100_order_payment_marks', class: Migration20261128001100_order_payment_marks },
  { name: 'Migration20261128003000_invoices', class: Migration20261128003000_invoices },
  { name: 'Migration20261128020000_seller_figures', class: Migration20261128020000_seller_figures },
  { name: 'Migration20261128021000_requirements', class: Migration20261128021000_requirements },
  { name: 'Migration20261128030000_reviews', class: Migration20261128030000_reviews },
  { name: 'Migration20261128031000_order_invoice_number', class: Migration20261128031000_order_invoice_number },
  { name: 'Migration20261128060000_notifications', class: Migration20261128060000_notifications },
  { name: 'Migration20261128090000_seller_standing', class: Migration20261128090000_seller_standing },
  { name: 'Migration20261128091000_rfq_photos', class: Migration20261128091000_rfq_photos },
  { name: 'Migration20261128092000_chat_voice_notes', class: Migration20261128092000_chat_voice_notes },
  { name: 'Migration20261128093000_queue_dashboard_actions', class: Migration20261128093000_queue_dashboard_actions },
];
