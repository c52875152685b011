import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { DeletePushSubscriptionDocument, SavePushSubscriptionDocument, VapidPublicKeyDocument } from '../../../graphql/generated';

/**
 * Where this device stands with push (docs/product.md#notifications): the browser cannot (`unsupported`), the
 * user blocked it (`denied`), not asked yet or asked and not subscribed (`off`), or subscribed (`on`).
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This device's push subscription: its state, and turning it on (asks the browser's permission) or off. */
export function usePushDevice(onChange: () => void) {
  const apollo = useApolloClient();
  const [state, setState] = useState<PushDeviceState>('checking');
  const [save] = useMutation(SavePushSubscriptionDocument);
  const [forget] = useMutation(DeletePushSubscriptionDocument);

  const refresh = useCallback(async () => {
    if (!supported()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    setState(subscription ? 'on' : 'off');
  }, []);

  useEffect(() => {
    void refresh().catch(() => setState('unsupported'));
  }, [refresh]);

  /** Asks for permission, subscribes with the server's key and stores the subscription; throws on failure. */
  const turnOn = useCallback(async () => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      await refresh();
      return;
    }
    const { data } = await apollo.query({ query: VapidPublicKeyDocument, fetchPolicy: 'network-only' });
    if (!data?.vapidPublicKey) throw new Error('no key');
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.vapidPublicKey) });
    const json = subscription.toJSON();
    await save({ variables: { input: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } } });
    setState('on');
    onChange();
  }, [apollo, onChange, refresh, save]);

  const turnOff = useCallback(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await forget({ variables: { endpoint: subscription.endpoint } });
      await subscription.unsubscribe();
    }
    setState('off');
    onChange();
  }, [forget, onChange]);

  return { state, turnOn, turnOff };
}
