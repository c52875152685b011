/** The order statuses of the API. */
export type OrderStatus = 'unpaid' | 'payment_sent' | 'delivery_pending' | 'delivered' | 'cancelled';

/** The colour of a status badge (seller: delivery_pending amber, unpaid red; docs/product.md#orders). */
export const STATUS_TONE: Record<string, 'red' | 'amber' | 'green' | 'grey'> = {
  unpaid: 'red',
  payment_sent: 'amber',
  delivery_pending: 'amber',
  delivered: 'green',
  cancelled: 'grey',
};

const STATUSES = ['unpaid', 'payment_sent', 'delivery_pending', 'delivered', 'cancelled'] as const;

/**
 * i18n key of a status as the buyer or the seller reads it (an unknown status reads as unpaid); an order
 * the seller cancelled reads 'Declined', one cancelled for want of payment 'Not paid in time'.
 */
export const statusKey = (status: string, role: 'buyer' | 'seller', cancelledBy?: string | null) => {
  if (status === 'cancelled' && cancelledBy === 'seller') return `orders.status.${role}.declined` as const;
  if (status === 'cancelled' && cancelledBy === 'expiry') return `orders.status.${role}.expired` as const;
  return `orders.status.${role}.${STATUSES.find((s) => s === status) ?? 'unpaid'}` as const;
};

/** A fresh idempotency key for one purchase attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
