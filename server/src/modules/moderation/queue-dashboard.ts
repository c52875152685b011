import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import express, { type RequestHandler, type Router } from 'express';
import { AppError } from '../../common/app-error.js';
import type { Queues } from '../../queue/queues.js';
import { moderationMessages } from './moderation.messages.js';
import type { ModerationService } from './moderation.service.js';
import { noSuchEndpoint } from './operator-gate.js';
import type { QueueActionName } from './report-context.js';

/** Where operators find Bull Board (docs/operations.md#queue-dashboard). */
export const QUEUE_DASHBOARD_PATH = '/operator/queues';

/**
 * The board's changes an operator may make, by the path of its API call (a PUT under the dashboard's path):
 * retry, clean and promote, of every job of a state or of one job (cleaning one job removes it). Everything else that changes
 * something (adding or editing jobs, pausing, emptying or obliterating a queue, schedulers, rate limits)
 * is refused: that is a deployment's or a developer's work, not an operator's.
 */
const CHANGES: Array<{ path: RegExp; read: (m: RegExpMatchArray) => { verb: string; queue: string; jobs: string } }> = [
  { path: /^\/api\/queues\/([^/]+)\/(retry|clean)\/([a-z]+)$/, read: (m) => ({ verb: m[2], queue: m[1], jobs: `every ${m[3]} job` }) },
  { path: /^\/api\/queues\/([^/]+)\/promote$/, read: (m) => ({ verb: 'promote', queue: m[1], jobs: 'every delayed job' }) },
  { path: /^\/api\/queues\/([^/]+)\/([^/]+)\/(retry|clean|promote)$/, read: (m) => ({ verb: m[3], queue: m[1], jobs: `job ${logSafe(m[2])}` }) },
];

const ACTION_OF: Record<string, QueueActionName> = { retry: 'retry_jobs', clean: 'clean_jobs', promote: 'promote_jobs' };

/** A name from the URL as the log keeps it: what a queue name or a job id holds, at most 100 characters. */
const logSafe = (s: string) => s.replace(/[^\w.:-]/g, '?').slice(0, 100);

/** The audit log's action and note for a board API call that changes something, or null when it is not allowed. */
export function queueActionOf(path: string): { action: QueueActionName; note: string } | null {
  for (const change of CHANGES) {
    const m = path.match(change.path);
    if (!m) continue;
    const { verb, queue, jobs } = change.read(m);
    return { action: ACTION_OF[verb], note: `${verb}, queue ${logSafe(queue)}: ${jobs}` };
  }
  return null;
}

/**
 * The board's page asks Google Fonts for its typeface: a request to another origin, which the app's
 * Content-Security-Policy refuses (a violation in every operator's console). The page is rendered
 * without that link: its text falls back to the system's sans-serif.
 */
const withoutFontLinks: RequestHandler = (_req, res, next) => {
  const render = res.render.bind(res);
  res.render = ((view: string, options?: object) =>
    render(view, options ?? {}, (err: Error | null, html: string) => {
      if (err) return next(err);
      res.type('html').send(html.replace(/<link [^>]*href="https:\/\/fonts\.(googleapis|gstatic)\.com[^>]*>/g, ''));
    })) as typeof res.render;
  next();
};

/**
 * Bull Board over every queue this process knows, for operators alone (mounted behind the operator
 * gate: anyone else gets the 404 of an unknown endpoint, the page as its API and its files). Reading is
 * free; each allowed change (retry, clean, promote) writes its row to the moderation audit log first
 * (who, when, which queue and jobs) and goes ahead only once it is written; other changes are refused.
 */
export function queueDashboard(deps: { queues: Queues; moderation: ModerationService }): Router {
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: deps.queues.registeredQueues().map((name) => new BullMQAdapter(deps.queues.queue(name))),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Bol Bazaar queues', hideRedisDetails: true } },
  });
  const audit: RequestHandler = (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const found = req.method === 'PUT' ? queueActionOf(req.path) : null;
    if (!found) return next(new AppError('FORBIDDEN', moderationMessages.queueActionNotAllowed));
    // The gate before this one answered for an operator only.
    const operatorId = req.ctx.viewer!.userId;
    deps.moderation.recordQueueAction(operatorId, found.action, found.note).then(() => next(), next);
  };
  const router = express.Router();
  router.use(deps.moderation.gate.middleware(), audit, withoutFontLinks, board.getRouter());
  // Nothing under the dashboard's path goes on to the app's other routes (nor is its request read twice).
  router.use((req, _res, next) => next(noSuchEndpoint(req.method, req.originalUrl.split('?')[0] ?? req.path)));
  return router;
}
