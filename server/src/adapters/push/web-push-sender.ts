import webPush from 'web-push';
import { PushDeliveryError, type PushOptions, type PushOutcome, type PushSender, type PushTarget } from './push-sender.js';

/** Web Push through the `web-push` library's encryption and VAPID headers; the request itself is a plain fetch. */
export class WebPushSender implements PushSender {
  readonly publicKey: string | null;

  constructor(
    private readonly vapid: { publicKey: string; privateKey: string; subject: string } | null,
    /** Whether an endpoint may be called (checked again at sending: the rules may have changed since it was stored). */
    private readonly allowed: (endpoint: string) => boolean,
    private readonly timeoutMs = 10_000,
  ) {
    this.publicKey = vapid?.publicKey ?? null;
  }

  async send(target: PushTarget, payload: string, opts: PushOptions): Promise<PushOutcome> {
    if (!this.vapid) throw new PushDeliveryError(0, false);
    if (!this.allowed(target.endpoint)) return 'gone';
    const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: this.vapid,
      TTL: opts.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: opts.urgency,
      ...(opts.topic ? { topic: opts.topic } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return 'sent';
    if (res.status === 404 || res.status === 410) return 'gone';
    throw new PushDeliveryError(res.status, res.status === 429 || res.status >= 500);
  }
}
