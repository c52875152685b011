import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { ContextMessage, ContextProduct, ModeratedUserView, OperatorActionView, OperatorReportView, ReportView } from './report-context.js';

// GraphQL and REST shapes of reports and of the operator console (docs/product.md#operators-and-reports).

@InputType('ReportInput')
export class ReportInput {
  @Field({ description: 'user | message | product' }) targetType!: string;
  @Field(() => ID) targetId!: string;
  @Field({ description: 'spam | fraud | offensive | wrong_category | other' }) reason!: string;
  @Field(() => String, { nullable: true, description: "What is wrong, in the reporter's words (required with 'other')" }) text?: string | null;
}

@ObjectType('Report', { description: 'A report as its reporter sees it' })
export class ReportType implements ReportView {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'user | message | product' }) targetType!: ReportView['targetType'];
  @Field(() => ID) targetId!: string;
  @Field(() => String) reason!: ReportView['reason'];
  @Field(() => String, { nullable: true }) text!: string | null;
  @Field() createdAt!: Date;
  @Field(() => String, { description: 'open | handled' }) status!: ReportView['status'];
  @Field(() => String, { nullable: true, description: 'Once handled: action_taken | no_action' }) outcome!: ReportView['outcome'];
  @Field(() => Date, { nullable: true }) handledAt!: Date | null;
}

@ObjectType('OperatorAction', { description: "One entry of the operators' append-only audit log" })
export class OperatorActionType implements OperatorActionView {
  @Field(() => ID) id!: string;
  @Field() operatorUsername!: string;
  @Field(() => String, { description: 'dismiss | hide_product | suspend_user | unsuspend_user | remove_review | retry_jobs | clean_jobs | promote_jobs' }) action!: OperatorActionView['action'];
  @Field(() => ID, { nullable: true }) reportId!: string | null;
  @Field(() => ID, { nullable: true }) targetUserId!: string | null;
  @Field(() => String, { nullable: true }) targetUsername!: string | null;
  @Field(() => ID, { nullable: true }) productId!: string | null;
  @Field(() => String, { nullable: true }) productTitle!: string | null;
  @Field({ description: 'Why' }) note!: string;
  @Field() createdAt!: Date;
}

@ObjectType('ModeratedUser', { description: 'The user a report is about, with their history' })
export class ModeratedUserType implements ModeratedUserView {
  @Field(() => ID) id!: string;
  @Field() username!: string;
  @Field() memberSince!: Date;
  @Field() suspended!: boolean;
  @Field(() => Int) reportsAgainst!: number;
  @Field(() => Int) openReportsAgainst!: number;
  @Field(() => [OperatorActionType], { description: "The operators' latest actions on them, newest first" }) actions!: OperatorActionType[];
}

@ObjectType('ReportedMessage', { description: 'A reported message or one of its neighbours' })
export class ReportedMessageType implements ContextMessage {
  @Field(() => ID) id!: string;
  @Field() senderUsername!: string;
  @Field() kind!: string;
  @Field() content!: string;
  @Field() createdAt!: Date;
  @Field({ description: 'The reported message itself' }) reported!: boolean;
}

@ObjectType('ReportedProduct', { description: 'A reported product as the console shows it' })
export class ReportedProductType implements ContextProduct {
  @Field(() => ID) id!: string;
  @Field() title!: string;
  @Field() enabled!: boolean;
  @Field(() => String, { nullable: true, description: 'operator | suspension while the team holds it' }) held!: string | null;
  @Field() deleted!: boolean;
}

@ObjectType('OperatorReport', { description: 'A report as an operator sees it, with its context' })
export class OperatorReportType extends ReportType implements OperatorReportView {
  @Field(() => ID) reporterId!: string;
  @Field() reporterUsername!: string;
  @Field(() => ModeratedUserType) targetUser!: ModeratedUserType;
  @Field(() => [ReportedMessageType], { description: 'A message report: the message and its neighbours, in order' }) messages!: ReportedMessageType[];
  @Field(() => ReportedProductType, { nullable: true }) product!: ReportedProductType | null;
  @Field(() => String, { nullable: true, description: 'dismiss | hide_product | suspend_user, once handled' }) action!: OperatorReportView['action'];
  @Field(() => String, { nullable: true }) note!: string | null;
}

@ObjectType('OperatorReportPage')
export class OperatorReportPageType {
  @Field(() => [OperatorReportType], { description: 'Open reports, oldest first' }) reports!: OperatorReportType[];
  @Field(() => Int, { description: 'How many reports are open in all' }) open!: number;
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export const toRestReport = (r: ReportView) => ({
  report_id: r.id,
  target_type: r.targetType,
  target_id: r.targetId,
  reason: r.reason,
  text: r.text,
  created_at: seconds(r.createdAt),
  status: r.status,
  outcome: r.outcome,
  handled_at: seconds(r.handledAt),
});

export const toRestAction = (a: OperatorActionView) => ({
  action_id: a.id,
  operator: a.operatorUsername,
  action: a.action,
  report_id: a.reportId,
  user_id: a.targetUserId,
  username: a.targetUsername,
  product_id: a.productId,
  product_title: a.productTitle,
  note: a.note,
  created_at: seconds(a.createdAt),
});

export const toRestModeratedUser = (u: ModeratedUserView) => ({
  user_id: u.id,
  username: u.username,
  member_since: seconds(u.memberSince),
  suspended: u.suspended,
  reports_against: u.reportsAgainst,
  open_reports_against: u.openReportsAgainst,
  actions: u.actions.map(toRestAction),
});

export const toRestOperatorReport = (r: OperatorReportView) => ({
  ...toRestReport(r),
  reporter: { user_id: r.reporterId, username: r.reporterUsername },
  target_user: toRestModeratedUser(r.targetUser),
  messages: r.messages.map((m) => ({ message_id: m.id, sender: m.senderUsername, kind: m.kind, content: m.content, created_at: seconds(m.createdAt), reported: m.reported })),
  product: r.product && { product_id: r.product.id, title: r.product.title, enabled: r.product.enabled, held: r.product.held, deleted: r.product.deleted },
  action: r.action,
  note: r.note,
});
