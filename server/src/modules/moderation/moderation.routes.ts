import type { Request, Router } from 'express';
import type { ModerationService } from './moderation.service.js';
import { toRestAction, toRestModeratedUser, toRestOperatorReport, toRestReport } from './moderation.types.js';

const param = (req: Request, name: string) => String((req.params as Record<string, string>)[name]);
const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** REST shim of reporting and of the operator console (docs/product.md#operators-and-reports). */
export function moderationRoutes(r: Router, { moderation }: { moderation: ModerationService }): void {
  r.post('/reports', async (req, res) => {
    const b = body(req);
    const report = await moderation.report(req.ctx, { targetType: b.target_type, targetId: b.target_id, reason: b.reason, text: b.text });
    res.status(201).json({ success: true, report: toRestReport(report) });
  });

  r.get('/reports', async (req, res) => {
    res.json({ reports: (await moderation.myReports(req.ctx)).map(toRestReport) });
  });

  // Everything under /operator is the operators' alone: anyone else gets the 404 of an unknown endpoint.
  r.use('/operator', moderation.gate.middleware());

  r.get('/operator/reports', async (req, res) => {
    const { reports, open } = await moderation.openReports(req.ctx, { limit: req.query.limit });
    res.json({ reports: reports.map(toRestOperatorReport), open });
  });

  r.post('/operator/reports/:id/resolve', async (req, res) => {
    const b = body(req);
    const report = await moderation.resolve(req.ctx, { reportId: param(req, 'id'), action: b.action, note: b.note });
    res.json({ success: true, report: toRestOperatorReport(report) });
  });

  r.post('/operator/users/:id/unsuspend', async (req, res) => {
    const user = await moderation.unsuspend(req.ctx, { userId: param(req, 'id'), note: body(req).note });
    res.json({ success: true, user: toRestModeratedUser(user) });
  });

  r.get('/operator/actions', async (req, res) => {
    res.json({ actions: (await moderation.auditLog(req.ctx, { limit: req.query.limit })).map(toRestAction) });
  });
}
