import type { Router } from 'express';
import type { AuthService } from './auth.service.js';
import { unauthenticated } from '../../common/app-error.js';
import { toRestUser } from '../users/user.types.js';
import { authMessages } from './auth.messages.js';

/** REST shim: the auth calls of docs/product.md#rest-shim. */
export function authRoutes(r: Router, { auth }: { auth: AuthService }): void {
  r.post('/auth/register', async (req, res) => {
    const user = await auth.register(req.ctx, req.body);
    res.status(201).json({ message: 'Registration successful', user: toRestUser(user) });
  });

  r.post('/auth/login', async (req, res) => {
    const user = await auth.login(req.ctx, req.body);
    res.json({ message: 'Login successful', user: toRestUser(user) });
  });

  r.post('/auth/logout', async (req, res) => {
    res.json({ success: await auth.logout(req.ctx) });
  });

  r.get('/auth/user', async (req, res) => {
    const user = await auth.currentUser(req.ctx);
    if (!user) throw unauthenticated(authMessages.notLoggedIn);
    res.json({ user: toRestUser(user) });
  });

  r.post('/auth/change-password', async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    await auth.changePassword(req.ctx, { currentPassword: body.current_password, newPassword: body.new_password });
    res.json({ success: true, message: 'Password changed successfully' });
  });
}
