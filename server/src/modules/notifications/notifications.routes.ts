import type { Router } from 'express';
import { restBody } from '../../http/rest-commands.js';
import type { NotificationService } from './notifications.service.js';
import { toRestNotificationSettings } from './notifications.types.js';

/** REST shim of notifications (docs/product.md#notifications). */
export function notificationRoutes(r: Router, { notifications }: { notifications: NotificationService }): void {
  r.get('/push/vapid-public-key', (_req, res) => {
    res.json({ public_key: notifications.vapidPublicKey() });
  });

  r.post('/push/subscriptions', async (req, res) => {
    res.status(201).json(await notifications.subscribe(req.ctx, restBody(req)));
  });

  r.delete('/push/subscriptions', async (req, res) => {
    const { removed } = await notifications.unsubscribe(req.ctx, restBody(req));
    res.json({ success: true, removed });
  });

  r.get('/account/notifications', async (req, res) => {
    res.json(toRestNotificationSettings(await notifications.settings(req.ctx)));
  });

  r.put('/account/notifications', async (req, res) => {
    res.json(toRestNotificationSettings(await notifications.saveSettings(req.ctx, restBody(req))));
  });
}
