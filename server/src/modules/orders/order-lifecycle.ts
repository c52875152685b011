import type { Message } from '../../common/message.js';
import { AppError, notFound } from '../../common/app-error.js';
import type { CancelledBy, OrderStatus } from './order.entity.js';
import { orderMessages } from './orders.messages.js';

export const ORDER_NOT_FOUND = orderMessages.orderNotFound;
export const ORDER_LOCKED = orderMessages.thisOrderCanNoLongerBe;

export type OrderRole = 'buyer' | 'seller';
export const ORDER_ACTIONS = ['confirm_payment', 'payment_received', 'payment_not_received', 'confirm_delivery', 'cancel', 'decline'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export type Actor = OrderRole | 'system';

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  /** The timestamp column the transition sets. */
  stamp: 'payment_sent_at' | 'paid_at' | 'payment_not_received_at' | 'delivered_at' | 'cancelled_at';
  /** The buyer's payment reference (UTR) is recorded with it. */
  takesUtr?: true;
  /** The payment window opens again (pay_by: now + the window). */
  reopensPayment?: true;
  cancelledBy?: CancelledBy;
  /** Refusal when the other party tries it. */
  notYours?: Message;
}

/**
 * THE order lifecycle (docs/product.md#orders). Every status change is one of these, applied by one
 * conditional UPDATE on the expected status and the actor's id (no lost updates, order-store.ts);
 * anything else is refused.
 */
export const TRANSITIONS: Readonly<Record<OrderAction | 'expire', Transition>> = {
  confirm_payment: { from: 'unpaid', to: 'payment_sent', actor: 'buyer', stamp: 'payment_sent_at', takesUtr: true, notYours: orderMessages.onlyTheBuyerCanConfirmPayment },
  payment_received: { from: 'payment_sent', to: 'delivery_pending', actor: 'seller', stamp: 'paid_at', notYours: orderMessages.paymentReceivedSellerOnly },
  payment_not_received: {
    from: 'payment_sent',
    to: 'unpaid',
    actor: 'seller',
    stamp: 'payment_not_received_at',
    reopensPayment: true,
    notYours: orderMessages.paymentNotReceivedSellerOnly,
  },
  confirm_delivery: { from: 'delivery_pending', to: 'delivered', actor: 'seller', stamp: 'delivered_at', notYours: orderMessages.onlyTheSellerCanConfirmDelivery },
  cancel: { from: 'unpaid', to: 'cancelled', actor: 'buyer', stamp: 'cancelled_at', cancelledBy: 'buyer', notYours: orderMessages.onlyTheBuyerCanCancelAn },
  decline: { from: 'unpaid', to: 'cancelled', actor: 'seller', stamp: 'cancelled_at', cancelledBy: 'seller', notYours: orderMessages.onlyTheSellerCanDeclineAn },
  expire: { from: 'unpaid', to: 'cancelled', actor: 'system', stamp: 'cancelled_at', cancelledBy: 'expiry' },
};

/** The actions `role` may take on an order in `status` (what the screens offer). */
export function allowedActions(status: OrderStatus, role: OrderRole): OrderAction[] {
  return (Object.keys(TRANSITIONS) as Array<OrderAction | 'expire'>).filter(
    (a): a is OrderAction => a !== 'expire' && TRANSITIONS[a].from === status && TRANSITIONS[a].actor === role,
  );
}

/**
 * Whether an order already shows the outcome of `action` by its own party (a repeated mark, say a
 * double tap): the repeat answers the order as it is instead of a refusal, and changes nothing.
 */
export function alreadyDone(action: OrderAction, order: { status: OrderStatus; paymentNotReceivedAt: Date | null }): boolean {
  if (action === 'confirm_payment') return order.status === 'payment_sent';
  if (action === 'payment_received') return order.status === 'delivery_pending' || order.status === 'delivered';
  if (action === 'payment_not_received') return order.status === 'unpaid' && order.paymentNotReceivedAt !== null;
  return false;
}

/** Whether an order in `status` counts as confirmed (paid): its seller may then see the buyer's number. */
export const isConfirmed = (status: OrderStatus) => status === 'delivery_pending' || status === 'delivered';

/**
 * Why `userId` could not apply `t` to an order (read after the conditional update changed nothing):
 * not a party (or no such order) is "not found", the other party's action is theirs to take, and
 * anything else is too late.
 */
export function refusalOf(t: Transition, order: { buyerId: string; sellerId: string } | null, userId: string): AppError {
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) return notFound(ORDER_NOT_FOUND);
  const role: OrderRole = order.buyerId === userId ? 'buyer' : 'seller';
  if (role !== t.actor) return new AppError('FORBIDDEN', t.notYours ?? ORDER_LOCKED);
  return new AppError('CONFLICT', ORDER_LOCKED);
}
