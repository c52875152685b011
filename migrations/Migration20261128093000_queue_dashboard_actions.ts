import { Migration } from '@mikro-orm/migrations';

/**
 * The queue dashboard (/operator/queues, docs/operations.md#queue-dashboard): an operator's retry, clean
 * or promote of BullMQ jobs goes into the operators' audit log, with the queue and the jobs in its note.
 */
export class Migration20261128093000_queue_dashboard_actions extends Migration {
  override name = 'Migration20261128093000_queue_dashboard_actions';

  override up(): void {
    this.addSql(`alter table "operator_actions" drop constraint if exists "operator_actions_action_check";`);
    this.addSql(
      `alter table "operator_actions" add constraint "operator_actions_action_check" check ("action" in ('dismiss', 'hide_product', 'suspend_user', 'unsuspend_user', 'remove_review', 'retry_jobs', 'clean_jobs', 'promote_jobs'));`,
    );
  }

  override down(): void {
    this.addSql(`delete from "operator_actions" where "action" in ('retry_jobs', 'clean_jobs', 'promote_jobs');`);
    this.addSql(`alter table "operator_actions" drop constraint if exists "operator_actions_action_check";`);
    this.addSql(
      `alter table "operator_actions" add constraint "operator_actions_action_check" check ("action" in ('dismiss', 'hide_product', 'suspend_user', 'unsuspend_user', 'remove_review'));`,
    );
  }
}
