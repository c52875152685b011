import type { RequestHandler } from 'express';
import { AppError } from '../../common/app-error.js';
import { commonMessages } from '../../common/messages.js';
import type { RequestContext } from '../../common/request-context.js';
import { moderationMessages } from './moderation.messages.js';

/** What the gate reads: whether a user is an operator now (not suspended, not deleted). */
export interface OperatorLookup {
  isOperator(userId: string): Promise<boolean>;
}

/** The answer anyone but an operator gets on an operator path: the app's own 404 for an unknown endpoint. */
export const noSuchEndpoint = (method: string, path: string) => new AppError('NOT_FOUND', moderationMessages.noSuchEndpoint({ method, path }));

/**
 * The operator role's check (docs/product.md#operators-and-reports), for every operator page and route:
 * the signed-in user's row says `operator` (set only by the `operator add` command), and they are not
 * suspended. Read from PostgreSQL on each call, so a role taken away or a suspension counts at once.
 */
export class OperatorGate {
  constructor(private readonly lookup: OperatorLookup) {}

  /** The operator's user id, or null for a visitor or anyone else. */
  async operatorId(ctx: RequestContext): Promise<string | null> {
    const userId = ctx.viewer?.userId;
    if (!userId) return null;
    return (await this.lookup.isOperator(userId)) ? userId : null;
  }

  /**
   * The operator's user id; anyone else is told the thing does not exist (404 NOT_FOUND, as an unknown
   * endpoint is): operator routes are not revealed.
   */
  async require(ctx: RequestContext, what: { method: string; path: string } = { method: 'POST', path: '/graphql' }): Promise<string> {
    const id = await this.operatorId(ctx);
    if (!id) throw what.path === '/graphql' ? new AppError('NOT_FOUND', commonMessages.notFound) : noSuchEndpoint(what.method, what.path);
    return id;
  }

  /**
   * Express middleware for anything mounted behind the role (the console's REST routes, a later
   * dashboard under /operator/...): operators pass; anyone else gets the 404 of an unknown endpoint.
   * Mount it after the request context (sessions) is read.
   */
  middleware(): RequestHandler {
    return (req, _res, next) => {
      this.operatorId(req.ctx).then(
        (id) => next(id ? undefined : noSuchEndpoint(req.method, req.originalUrl.split('?')[0] ?? req.path)),
        next,
      );
    };
  }
}
