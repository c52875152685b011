import type { Router } from 'express';
import type { AccountService } from './accounts.service.js';
import { toRestUser } from '../users/user.types.js';

/**
 * REST shim for the calls the original brief did not name (docs/product.md#rest-shim) (username change, language, email
 * notifications, account deletion); same rules and messages as GraphQL.
 */
export function accountsRoutes(r: Router, { accounts }: { accounts: AccountService }): void {
  r.put('/auth/settings', async (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const user = await accounts.updateSettings(req.ctx, { username: b.username, language: b.language, emailNotifications: b.email_notifications });
    res.json({ success: true, message: 'Settings saved', user: toRestUser(user) });
  });

  r.post('/auth/delete-account', async (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    await accounts.deleteAccount(req.ctx, { password: b.password });
    res.json({ success: true, message: 'Account deleted' });
  });
}
