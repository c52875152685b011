/** A device's push subscription, as its browser gave it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service said: taken, or the subscription is gone for good (404/410: remove it). */
export type PushOutcome = 'sent' | 'gone';

export interface PushOptions {
  /** How long the push service keeps it for an offline device. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** Replaces an earlier message of the same topic still waiting at the push service. */
  topic?: string;
}

/** The Web Push port (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (null: push is off). */
  readonly publicKey: string | null;
  send(target: PushTarget, payload: string, opts: PushOptions): Promise<PushOutcome>;
}

/** A push service answer that is neither success nor "gone": retried later (429, 5xx) or given up (other 4xx). */
export class PushDeliveryError extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(`push service answered ${status}`);
  }
}
