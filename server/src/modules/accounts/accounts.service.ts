import { z } from 'zod';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { badInput, unauthenticated } from '../../common/app-error.js';
import type { Clock } from '../../common/clock.js';
import { withEntityManager, type RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { addOutboxEvent, outboxTopic } from '../../outbox/outbox.js';
import { usernameTaken, type AuthService } from '../auth/auth.service.js';
import { User } from '../users/user.entity.js';
import { accountSettingsInput, deleteAccountInput } from './accounts.inputs.js';
import { accountMessages } from './accounts.messages.js';

/** The account as it was just before deletion, for the modules that clean up after it. */
export interface DeletedAccount {
  id: string;
  email: string;
  whatsappNumber: string | null;
}

/**
 * Runs inside the deletion transaction (`ctx.em` is the transaction): a module withdraws or
 * forgets what belongs to the account. Throwing cancels the deletion.
 */
export type DeletionHook = (ctx: RequestContext, account: DeletedAccount) => Promise<void>;

/**
 * `account.username_changed`: a user took a new name. Search re-indexes the seller's products under it;
 * each api process drops the products it keeps for visitors.
 */
export const usernameChanged = outboxTopic('account.username_changed', z.object({ userId: z.uuid() }));
/** The topic's name (the search module routes it). */
export const USERNAME_CHANGED = usernameChanged.name;

/** How other people's screens name an account that was deleted. */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** The name to show others for a user: their username, or "Deleted account". */
export const publicUsername = (u: Pick<User, 'username' | 'deletedAt'>): string => (u.deletedAt ? DELETED_ACCOUNT_NAME : u.username);

/**
 * Account settings (username, language, email notifications) and account deletion. See
 * docs/verification-and-accounts.md for the deletion policy.
 */
export class AccountService {
  private readonly deletionHooks: DeletionHook[] = [];

  constructor(
    private readonly auth: AuthService,
    private readonly clock: Clock,
  ) {}

  /** Modules that own data of an account register here (products withdraw the seller's listings). */
  addDeletionHook(hook: DeletionHook): void {
    this.deletionHooks.push(hook);
  }

  async updateSettings(ctx: RequestContext, raw: unknown): Promise<User> {
    const user = await this.auth.requireUser(ctx);
    const input = parseInput(accountSettingsInput, raw);
    if (input.username !== undefined && input.username !== user.username) {
      if (await ctx.em.findOne(User, { username: input.username }, { fields: ['id'] })) throw usernameTaken();
      user.username = input.username;
      // Committed with the new name by the flush below (listings show the seller's name).
      addOutboxEvent(ctx.em, usernameChanged, { userId: user.id });
    }
    if (input.language !== undefined) user.language = input.language;
    if (input.emailNotifications !== undefined) user.emailNotifications = input.emailNotifications;
    try {
      await ctx.em.flush();
    } catch (err) {
      // Two accounts racing for the same new name: the unique index decides.
      if (err instanceof UniqueConstraintViolationException) throw usernameTaken();
      throw err;
    }
    await this.auth.publishAccountEvent(user.id, 'SETTINGS_CHANGED');
    return user;
  }

  /**
   * Deletes the viewer's account after checking the password again: every module's deletion hook
   * runs, then the row is anonymised in the same transaction (kept, so orders and chats of other
   * people keep pointing at it), and every session and open socket of the account ends.
   */
  async deleteAccount(ctx: RequestContext, raw: unknown): Promise<boolean> {
    const user = await this.auth.requireUser(ctx);
    const input = parseInput(deleteAccountInput, raw);
    if (!(await this.auth.confirmPassword(ctx, user, input.password))) {
      throw badInput(accountMessages.passwordIsIncorrect, { fields: { password: accountMessages.passwordIsIncorrect } });
    }
    await ctx.em.transactional(async (tx) => {
      const row = await tx.findOne(User, { id: user.id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row) throw unauthenticated();
      const account: DeletedAccount = { id: row.id, email: row.email, whatsappNumber: row.whatsappNumber };
      for (const hook of this.deletionHooks) await hook(withEntityManager(ctx, tx), account);
      row.email = `deleted-${row.id}@deleted.invalid`;
      row.username = `deleted-${row.id}`;
      row.passwordHash = '!deleted';
      row.emailVerified = false;
      row.whatsappNumber = null;
      row.whatsappVerified = false;
      row.emailNotifications = false;
      row.deletedAt = this.clock.now();
    });
    await this.auth.publishAccountEvent(user.id, 'ACCOUNT_DELETED');
    await this.auth.endAllSessions(user.id);
    ctx.cookie.clear();
    ctx.viewer = null;
    return true;
  }
}
