import type { EntityManager } from '@mikro-orm/postgresql';
import { v7 as uuidv7 } from 'uuid';
import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { AppError, badInput, notFound } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import type { RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import type { AuthHooks, AuthService } from '../auth/auth.service.js';
import type { ProductService } from '../products/products.service.js';
import { type ReportTargetType, pageInput, reportInput, resolveInput, unsuspendInput } from './moderation.inputs.js';
import { moderationMessages } from './moderation.messages.js';
import { OperatorGate } from './operator-gate.js';
import {
  readAuditLog,
  readOpenReports,
  readOperatorReport,
  toReportView,
  type ActionName,
  type QueueActionName,
  type ModeratedUserView,
  type OperatorActionView,
  type OperatorReportView,
  type ReportRow,
  type ReportView,
} from './report-context.js';

export type { ModeratedUserView, OperatorActionView, OperatorReportView, ReportView } from './report-context.js';


/** The account event the reporter's open screens hear when their report was handled. */
export const REPORT_HANDLED_EVENT = 'REPORT_HANDLED';

/**
 * Reports and the operator console (docs/product.md#operators-and-reports). Anyone signed in reports a user,
 * a message they can read or a product (one open report per reporter and target); operators (the role
 * the `operator add` command gives) see open reports with their context and act: dismiss, hide the
 * product, suspend the user (sessions and sockets end at once, listings hidden, login refused), and
 * unsuspend. Every action goes to the append-only audit log with who, when and why; the reporter is
 * told when their report was handled.
 */
export class ModerationService {
  readonly gate: OperatorGate;

  constructor(
    private readonly d: {
      auth: AuthService;
      products: Pick<ProductService, 'hold' | 'releaseSuspension' | 'heldChanged'>;
      db: SqlRunner;
      clock: Clock;
    },
  ) {
    this.gate = new OperatorGate({ isOperator: (userId) => this.isOperator(userId) });
  }

  /** Whether a user is an operator now: the role given, not suspended, not deleted. */
  async isOperator(userId: string): Promise<boolean> {
    const { rows } = await this.d.db.query<{ ok: boolean }>(
      'select operator and suspended_at is null and deleted_at is null as ok from users where id = $1',
      [userId],
    );
    return rows[0]?.ok === true;
  }

  /** A suspended account's login is refused (403 ACCOUNT_SUSPENDED), after its password was checked. */
  loginHooks(): AuthHooks {
    return {
      beforeLogin: async (_ctx, user) => {
        if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', moderationMessages.accountSuspended);
      },
    };
  }

  // ---------------------------------------------------------------- reporting

  async report(ctx: RequestContext, raw: unknown): Promise<ReportView> {
    const me = this.d.auth.requireViewerId(ctx);
    const input = parseInput(reportInput, raw);
    const owner = await this.ownerOf(ctx.em, me, input.targetType, input.targetId);
    if (owner === me) throw badInput(moderationMessages.notYoursToReport);
    const rows = await ctx.em.execute<ReportRow[]>(
      `insert into reports (id, reporter_id, target_type, target_id, target_user_id, reason, text, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (reporter_id, target_type, target_id) where resolved_at is null do nothing returning *`,
      [uuidv7(), me, input.targetType, input.targetId, owner, input.reason, input.text ?? null, this.d.clock.now()],
    );
    if (!rows[0]) throw new AppError('CONFLICT', moderationMessages.alreadyReported);
    return toReportView(rows[0]);
  }

  /** The viewer's own reports, newest first, with whether each was handled. */
  async myReports(ctx: RequestContext): Promise<ReportView[]> {
    const me = this.d.auth.requireViewerId(ctx);
    const rows = await ctx.em.execute<ReportRow[]>('select * from reports where reporter_id = ? order by created_at desc, id desc limit 100', [me]);
    return rows.map(toReportView);
  }

  /** The user accountable for a target the viewer may see (a message of their own conversation, a listed product, a live account). */
  private async ownerOf(em: EntityManager, me: string, type: ReportTargetType, id: string): Promise<string> {
    if (type === 'user') {
      const rows = await em.execute<Array<{ id: string }>>('select id from users where id = ? and deleted_at is null', [id]);
      if (!rows[0]) throw notFound(moderationMessages.userNotFound);
      return rows[0].id;
    }
    if (type === 'message') {
      const rows = await em.execute<Array<{ sender_id: string }>>(
        `select m.sender_id from chat_messages m join conversations c on c.id = m.conversation_id
          where m.id = ? and (c.user_a = ? or c.user_b = ?)`,
        [id, me, me],
      );
      if (!rows[0]) throw notFound(moderationMessages.messageNotFound);
      return rows[0].sender_id;
    }
    const rows = await em.execute<Array<{ seller_id: string }>>(
      'select seller_id from products where id = ? and deleted_at is null and (enabled or seller_id = ?)',
      [id, me],
    );
    if (!rows[0]) throw notFound(moderationMessages.productNotFound);
    return rows[0].seller_id;
  }

  // ---------------------------------------------------------------- the console

  async openReports(ctx: RequestContext, raw: unknown): Promise<{ reports: OperatorReportView[]; open: number }> {
    await this.gate.require(ctx);
    const { limit } = parseInput(pageInput, raw);
    return readOpenReports(this.d.db, limit);
  }

  async auditLog(ctx: RequestContext, raw: unknown): Promise<OperatorActionView[]> {
    await this.gate.require(ctx);
    const { limit } = parseInput(pageInput, raw);
    return readAuditLog(this.d.db, limit);
  }

  /**
   * Handles an open report: dismiss it, hide its product (a product report), or suspend the user it is
   * about; in one transaction with the audit log's row. Then the held products leave search, a suspended
   * user's sessions end (their sockets close), and the reporter is told.
   */
  async resolve(ctx: RequestContext, raw: unknown): Promise<OperatorReportView> {
    const operatorId = await this.gate.require(ctx);
    const input = parseInput(resolveInput, raw);
    const now = this.d.clock.now();
    const done = await ctx.em.transactional(async (tx) => {
      const [report] = await tx.execute<ReportRow[]>('select * from reports where id = ? for update', [input.reportId]);
      if (!report) throw notFound(moderationMessages.reportNotFound);
      if (report.resolved_at) throw new AppError('CONFLICT', moderationMessages.reportHandledAlready);
      let held: string[] = [];
      let productId: string | null = null;
      if (input.action === 'hide_product') {
        if (report.target_type !== 'product') throw badInput(moderationMessages.onlyProductReportHides, { fields: { action: moderationMessages.onlyProductReportHides } });
        productId = report.target_id;
        held = await this.d.products.hold(tx, { productId });
      } else if (input.action === 'suspend_user') {
        if (report.target_user_id === operatorId) throw badInput(moderationMessages.cannotSuspendYourself);
        await tx.execute('update users set suspended_at = ? where id = ? and suspended_at is null and deleted_at is null', [now, report.target_user_id]);
        held = await this.d.products.hold(tx, { sellerId: report.target_user_id });
      }
      await tx.execute('update reports set resolved_at = ?, resolved_by = ?, action = ?, note = ? where id = ?', [now, operatorId, input.action, input.note, report.id]);
      await this.recordAction(tx, { operatorId, action: input.action, reportId: report.id, userId: report.target_user_id, productId, note: input.note, at: now });
      return { report, held };
    });
    await this.d.products.heldChanged(done.held);
    if (input.action === 'suspend_user') await this.d.auth.endAllSessions(done.report.target_user_id);
    await this.d.auth.publishAccountEvent(done.report.reporter_id, REPORT_HANDLED_EVENT);
    return (await readOperatorReport(this.d.db, done.report.id))!;
  }

  /** Lifts a suspension: the user may log in again and the listings the suspension hid are shown again. */
  async unsuspend(ctx: RequestContext, raw: unknown): Promise<ModeratedUserView> {
    const operatorId = await this.gate.require(ctx);
    const input = parseInput(unsuspendInput, raw);
    const now = this.d.clock.now();
    const shown = await ctx.em.transactional(async (tx) => {
      const [user] = await tx.execute<Array<{ suspended_at: Date | null }>>('select suspended_at from users where id = ? and deleted_at is null for update', [input.userId]);
      if (!user) throw notFound(moderationMessages.userNotFound);
      if (!user.suspended_at) throw new AppError('CONFLICT', moderationMessages.notSuspended);
      await tx.execute('update users set suspended_at = null where id = ?', [input.userId]);
      const ids = await this.d.products.releaseSuspension(tx, input.userId);
      await this.recordAction(tx, { operatorId, action: 'unsuspend_user', reportId: null, userId: input.userId, productId: null, note: input.note, at: now });
      return ids;
    });
    await this.d.products.heldChanged(shown);
    return (await this.moderatedUser(input.userId))!;
  }

  /** A user as the console shows them (for unsuspend's answer). */
  private async moderatedUser(userId: string): Promise<ModeratedUserView | null> {
    const { rows } = await this.d.db.query<{ id: string; username: string; created_at: Date; suspended_at: Date | null; total: number; open: number }>(
      `select u.id, u.username, u.created_at, u.suspended_at,
              (select count(*)::int from reports r where r.target_user_id = u.id) as total,
              (select count(*)::int from reports r where r.target_user_id = u.id and r.resolved_at is null) as open
         from users u where u.id = $1`,
      [userId],
    );
    const u = rows[0];
    if (!u) return null;
    const actions = (await readAuditLog(this.d.db, 50)).filter((a) => a.targetUserId === userId).slice(0, 5);
    return { id: u.id, username: u.username, memberSince: new Date(u.created_at), suspended: u.suspended_at !== null, reportsAgainst: u.total, openReportsAgainst: u.open, actions };
  }

  /**
   * Writes an operator's action on the queue dashboard (/operator/queues) to the audit log, before the
   * action runs: the jobs live in Redis, outside any transaction here, so a row may name an action that
   * then failed (a job gone meanwhile), never the other way round. `note` names the queue and the jobs.
   */
  async recordQueueAction(operatorId: string, action: QueueActionName, note: string): Promise<void> {
    await this.d.db.query(
      `insert into operator_actions (id, operator_id, action, report_id, target_user_id, target_product_id, note, created_at)
       values ($1, $2, $3, null, null, null, $4, $5)`,
      [uuidv7(), operatorId, action, note, this.d.clock.now()],
    );
  }

  /**
   * Writes an operator's action to the append-only audit log, in the transaction of the change it
   * records (another module's operator action, the removal of a review, calls it so too).
   */
  async recordAction(
    tx: EntityManager,
    a: { operatorId: string; action: ActionName; reportId: string | null; userId: string | null; productId: string | null; reviewId?: string | null; note: string; at: Date },
  ): Promise<void> {
    await tx.execute(
      `insert into operator_actions (id, operator_id, action, report_id, target_user_id, target_product_id, target_review_id, note, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [uuidv7(), a.operatorId, a.action, a.reportId, a.userId, a.productId, a.reviewId ?? null, a.note, a.at],
    );
  }
}
