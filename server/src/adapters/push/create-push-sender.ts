import type { Config } from '../../config/env.js';
import type { PushSender } from './push-sender.js';
import { WebPushSender } from './web-push-sender.js';

/** Web Push with the VAPID keys of the settings; without them push is off (the key route answers 503). */
export function createPushSender(config: Pick<Config, 'WEB_PUSH_VAPID_PUBLIC_KEY' | 'WEB_PUSH_VAPID_PRIVATE_KEY' | 'WEB_PUSH_SUBJECT'>, allowed: (endpoint: string) => boolean): PushSender {
  const { WEB_PUSH_VAPID_PUBLIC_KEY: publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: privateKey, WEB_PUSH_SUBJECT: subject } = config;
  return new WebPushSender(publicKey && privateKey ? { publicKey, privateKey, subject } : null, allowed);
}
