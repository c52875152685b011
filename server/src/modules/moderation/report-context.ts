import type { SqlRunner } from '../../adapters/search/sql-runner.js';
import { DELETED_ACCOUNT_NAME } from '../accounts/accounts.service.js';
import type { ReportReason, ReportTargetType, ResolveAction } from './moderation.inputs.js';

// The operator console's reads (docs/product.md#operators-and-reports): open reports with their context
// (the message and its neighbours, the product, the reported user's history) and the audit log. Each
// is a few statements for a whole page, whatever its length.

/** How many messages either side of a reported one the console shows. */
export const NEIGHBOURS = 3;
/** How many of the operators' earlier actions on a user the console shows with a report. */
const HISTORY_ACTIONS = 5;

export type ActionName = ResolveAction | 'unsuspend_user' | 'remove_review' | QueueActionName;
/** What an operator did on the queue dashboard (/operator/queues): retry, clean or promote jobs. */
export type QueueActionName = 'retry_jobs' | 'clean_jobs' | 'promote_jobs';

/** A report as its reporter sees it. */
export interface ReportView {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  text: string | null;
  createdAt: Date;
  /** 'open' until an operator handled it. */
  status: 'open' | 'handled';
  /** Once handled: whether the team acted ('action_taken') or found nothing to act on ('no_action'). */
  outcome: 'action_taken' | 'no_action' | null;
  handledAt: Date | null;
}

/** One of the operators' actions, from the append-only audit log. */
export interface OperatorActionView {
  id: string;
  operatorUsername: string;
  action: ActionName;
  reportId: string | null;
  targetUserId: string | null;
  targetUsername: string | null;
  productId: string | null;
  productTitle: string | null;
  note: string;
  createdAt: Date;
}

/** The user a report is about (the reported user, the message's sender or the product's seller), with their history. */
export interface ModeratedUserView {
  id: string;
  username: string;
  memberSince: Date;
  suspended: boolean;
  reportsAgainst: number;
  openReportsAgainst: number;
  /** The operators' latest actions on them, newest first. */
  actions: OperatorActionView[];
}

export interface ContextMessage {
  id: string;
  senderUsername: string;
  kind: string;
  content: string;
  createdAt: Date;
  /** The reported message itself. */
  reported: boolean;
}

export interface ContextProduct {
  id: string;
  title: string;
  enabled: boolean;
  held: string | null;
  deleted: boolean;
}

/** A report as an operator sees it, with its context. */
export interface OperatorReportView extends ReportView {
  reporterId: string;
  reporterUsername: string;
  targetUser: ModeratedUserView;
  /** A message report: the message and its neighbours, in order. */
  messages: ContextMessage[];
  product: ContextProduct | null;
  action: ResolveAction | null;
  note: string | null;
}

export interface ReportRow {
  id: string;
  reporter_id: string;
  target_type: ReportTargetType;
  target_id: string;
  target_user_id: string;
  reason: ReportReason;
  text: string | null;
  created_at: Date;
  resolved_at: Date | null;
  action: ResolveAction | null;
  note: string | null;
}

export const toReportView = (r: ReportRow): ReportView => ({
  id: r.id,
  targetType: r.target_type,
  targetId: r.target_id,
  reason: r.reason,
  text: r.text,
  createdAt: new Date(r.created_at),
  status: r.resolved_at ? 'handled' : 'open',
  outcome: !r.resolved_at ? null : r.action === 'dismiss' ? 'no_action' : 'action_taken',
  handledAt: r.resolved_at ? new Date(r.resolved_at) : null,
});

const nameOf = (username: string | null, deletedAt: Date | null) => (deletedAt ? DELETED_ACCOUNT_NAME : username);

const ACTION_SELECT = `select a.id, op.username as operator_username, a.action, a.report_id, a.target_user_id, tu.username as target_username,
  tu.deleted_at as target_deleted_at, a.target_product_id, p.title as product_title, a.note, a.created_at
  from operator_actions a join users op on op.id = a.operator_id
  left join users tu on tu.id = a.target_user_id left join products p on p.id = a.target_product_id`;

interface ActionRow {
  id: string;
  operator_username: string;
  action: ActionName;
  report_id: string | null;
  target_user_id: string | null;
  target_username: string | null;
  target_deleted_at: Date | null;
  target_product_id: string | null;
  product_title: string | null;
  note: string;
  created_at: Date;
}

const toActionView = (a: ActionRow): OperatorActionView => ({
  id: a.id,
  operatorUsername: a.operator_username,
  action: a.action,
  reportId: a.report_id,
  targetUserId: a.target_user_id,
  targetUsername: nameOf(a.target_username, a.target_deleted_at),
  productId: a.target_product_id,
  productTitle: a.product_title,
  note: a.note,
  createdAt: new Date(a.created_at),
});

/** The audit log, newest first. */
export async function readAuditLog(db: SqlRunner, limit: number): Promise<OperatorActionView[]> {
  const { rows } = await db.query<ActionRow>(`${ACTION_SELECT} order by a.created_at desc, a.id desc limit $1`, [limit]);
  return rows.map(toActionView);
}

/** The open reports, oldest first (a queue), with their context; and how many are open in all. */
export async function readOpenReports(db: SqlRunner, limit: number): Promise<{ reports: OperatorReportView[]; open: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    db.query<ReportRow & { reporter_username: string }>(
      `select r.*, u.username as reporter_username from reports r join users u on u.id = r.reporter_id
        where r.resolved_at is null order by r.created_at, r.id limit $1`,
      [limit],
    ),
    db.query<{ n: number }>('select count(*)::int as n from reports where resolved_at is null'),
  ]);
  return { reports: await withContext(db, rows), open: count[0]?.n ?? 0 };
}

/** One report with its context (after an operator handled it). */
export async function readOperatorReport(db: SqlRunner, id: string): Promise<OperatorReportView | null> {
  const { rows } = await db.query<ReportRow & { reporter_username: string }>(
    'select r.*, u.username as reporter_username from reports r join users u on u.id = r.reporter_id where r.id = $1',
    [id],
  );
  return (await withContext(db, rows))[0] ?? null;
}

async function withContext(db: SqlRunner, rows: Array<ReportRow & { reporter_username: string }>): Promise<OperatorReportView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const userIds = [...new Set(rows.map((r) => r.target_user_id))];
  const [users, messages, products, actions] = await Promise.all([
    db.query<{ id: string; username: string; created_at: Date; deleted_at: Date | null; suspended_at: Date | null; total: number; open: number }>(
      `select u.id, u.username, u.created_at, u.deleted_at, u.suspended_at,
              (select count(*)::int from reports r where r.target_user_id = u.id) as total,
              (select count(*)::int from reports r where r.target_user_id = u.id and r.resolved_at is null) as open
         from users u where u.id = any($1::uuid[])`,
      [userIds],
    ),
    db.query<{ report_id: string; id: string; username: string; deleted_at: Date | null; kind: string; content: string; created_at: Date; reported: boolean }>(
      `select r.id as report_id, n.id, su.username, su.deleted_at, n.kind, n.content, n.created_at, n.id = r.target_id as reported
         from reports r join chat_messages m on m.id = r.target_id
         join lateral (select * from chat_messages n where n.conversation_id = m.conversation_id
                        and n.position between m.position - ${NEIGHBOURS} and m.position + ${NEIGHBOURS}) n on true
         join users su on su.id = n.sender_id
        where r.id = any($1::uuid[]) and r.target_type = 'message' order by r.id, n.position`,
      [ids],
    ),
    db.query<{ report_id: string; id: string; title: string; enabled: boolean; held: string | null; deleted_at: Date | null }>(
      `select r.id as report_id, p.id, p.title, p.enabled, p.held, p.deleted_at from reports r join products p on p.id = r.target_id
        where r.id = any($1::uuid[]) and r.target_type = 'product'`,
      [ids],
    ),
    db.query<ActionRow>(
      `select * from (select x.*, row_number() over (partition by x.target_user_id order by x.created_at desc, x.id desc) as k
         from (${ACTION_SELECT} where a.target_user_id = any($1::uuid[])) x) y where y.k <= ${HISTORY_ACTIONS} order by y.created_at desc, y.id desc`,
      [userIds],
    ),
  ]);
  const userById = new Map(
    users.rows.map((u) => [
      u.id,
      {
        id: u.id,
        username: nameOf(u.username, u.deleted_at) ?? '',
        memberSince: new Date(u.created_at),
        suspended: u.suspended_at !== null,
        reportsAgainst: u.total,
        openReportsAgainst: u.open,
        actions: actions.rows.filter((a) => a.target_user_id === u.id).map(toActionView),
      } satisfies ModeratedUserView,
    ]),
  );
  return rows.map((r) => {
    const product = products.rows.find((p) => p.report_id === r.id);
    return {
      ...toReportView(r),
      reporterId: r.reporter_id,
      reporterUsername: r.reporter_username,
      targetUser: userById.get(r.target_user_id)!,
      messages: messages.rows
        .filter((m) => m.report_id === r.id)
        .map((m) => ({ id: m.id, senderUsername: nameOf(m.username, m.deleted_at) ?? '', kind: m.kind, content: m.content, createdAt: new Date(m.created_at), reported: m.reported })),
      product: product ? { id: product.id, title: product.title, enabled: product.enabled, held: product.held, deleted: product.deleted_at !== null } : null,
      action: r.action,
      note: r.note,
    };
  });
}
