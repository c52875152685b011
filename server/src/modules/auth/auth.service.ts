import type { Message } from '../../common/message.js';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { LivePubSub } from '../../pubsub/pubsub.js';
import { AppError, unauthenticated } from '../../common/app-error.js';
import { canSetSessionCookie, withEntityManager, type RequestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { User } from '../users/user.entity.js';
import { changePasswordInput, loginInput, registerInput } from './auth.inputs.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.js';
import type { SessionStore } from './session-store.js';
import { authMessages } from './auth.messages.js';

/** Listeners told about account events (the verification module sends the email code on register). */
export interface AuthHooks {
  afterRegister?(ctx: RequestContext, user: User): Promise<void>;
  /** After the registration transaction committed (nudge the outbox relay, say). */
  afterRegisterCommit?(ctx: RequestContext, user: User): Promise<void>;
  /** May throw to refuse a login whose password was right (an unverified email, say). */
  beforeLogin?(ctx: RequestContext, user: User): Promise<void>;
}


/** Accounts: registration, login, logout, the current user, password change. */
export class AuthService {
  private readonly hooks: AuthHooks[] = [];

  constructor(
    private readonly sessions: SessionStore,
    private readonly throttle: LoginThrottle,
    private readonly pubSub: LivePubSub,
  ) {}

  /**
   * Pushes an event to the user's open `accountEvents` subscriptions (any api process). Direct
   * delivery: losing one is harmless (pubsub/topics.ts says why), so a failed publish is not an error.
   * Resolves once Redis has taken it (never rejects): what is published after that (an ending of the
   * user's sessions, on another connection) reaches subscribers after it.
   */
  async publishAccountEvent(userId: string, type: string): Promise<void> {
    await this.pubSub.publish('accountEvents', userId, { type, at: new Date().toISOString() }).catch(() => undefined);
  }

  addHooks(hooks: AuthHooks): void {
    this.hooks.push(hooks);
  }

  async register(ctx: RequestContext, raw: unknown): Promise<User> {
    const input = parseInput(registerInput, raw);
    const em = ctx.em;
    const clash = await em.find(User, { $or: [{ email: input.email }, { username: input.username }] }, { limit: 2 });
    if (clash.some((u) => u.email === input.email)) throw emailTaken();
    if (clash.length) throw usernameTaken();
    const user = em.create(User, {
      email: input.email,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      language: ctx.locale,
    });
    try {
      await em.transactional(async (tx) => {
        tx.persist(user);
        await tx.flush();
        for (const h of this.hooks) await h.afterRegister?.(withEntityManager(ctx, tx), user);
      });
    } catch (err) {
      // Two registrations racing for the same name: the unique indexes decide.
      if (err instanceof UniqueConstraintViolationException) {
        throw String(err.message).includes('users_email_unique') ? emailTaken() : usernameTaken();
      }
      throw err;
    }
    for (const h of this.hooks) await h.afterRegisterCommit?.(ctx, user);
    return user;
  }

  async login(ctx: RequestContext, raw: unknown): Promise<User> {
    requireCookieTransport(ctx, authMessages.logInOverHttpPostGraphql);
    const input = parseInput(loginInput, raw);
    const user = await this.findByLogin(ctx, input.username);
    // One count per account, whether it is named by username or by email (unknown names count by name).
    const account = user ? `user:${user.id}` : input.username;
    await this.throttle.begin(account, ctx.ip);
    if (!user) {
      await verifyAgainstDummy(input.password);
      throw unauthenticated(authMessages.invalidUsernameOrPassword);
    }
    if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthenticated(authMessages.invalidUsernameOrPassword);
    // The right password is not a failed attempt, even when a hook refuses the login (an unverified email).
    await this.throttle.succeeded(account, ctx.ip);
    for (const h of this.hooks) await h.beforeLogin?.(ctx, user);
    await this.startSession(ctx, user.id);
    return user;
  }

  async logout(ctx: RequestContext): Promise<boolean> {
    if (ctx.viewer) await this.sessions.destroy(ctx.viewer.sessionId);
    ctx.cookie.clear();
    ctx.viewer = null;
    return true;
  }

  async currentUser(ctx: RequestContext): Promise<User | null> {
    if (!ctx.viewer) return null;
    return ctx.em.findOne(User, { id: ctx.viewer.userId, deletedAt: null });
  }

  /**
   * The logged-in user's id, without reading their row: for reads that need only the id (a session
   * exists only for a live account: deleting an account or changing its password ends its sessions).
   */
  requireViewerId(ctx: RequestContext): string {
    if (!ctx.viewer) throw unauthenticated();
    return ctx.viewer.userId;
  }

  async requireUser(ctx: RequestContext): Promise<User> {
    const user = await this.currentUser(ctx);
    if (!user) throw unauthenticated();
    return user;
  }

  /** Changes the password, ends every session of the user, and keeps this device logged in with a new one. */
  async changePassword(ctx: RequestContext, raw: unknown): Promise<boolean> {
    requireCookieTransport(ctx, authMessages.changeThePasswordOverHttpPost);
    const user = await this.requireUser(ctx);
    const input = parseInput(changePasswordInput, raw);
    if (!(await this.confirmPassword(ctx, user, input.currentPassword))) {
      throw new AppError('BAD_USER_INPUT', authMessages.currentPasswordIsIncorrect, { fields: { currentPassword: authMessages.currentPasswordIsIncorrect } });
    }
    if (input.currentPassword === input.newPassword) {
      throw new AppError('BAD_USER_INPUT', authMessages.newPasswordMustBeDifferentFrom, {
        fields: { newPassword: authMessages.newPasswordMustBeDifferentFrom },
      });
    }
    user.passwordHash = await hashPassword(input.newPassword);
    await ctx.em.flush();
    // Published (and taken by Redis) before the sessions end: ending them closes their sockets, so
    // every open socket hears the event before the ending.
    await this.publishAccountEvent(user.id, 'PASSWORD_CHANGED');
    await this.sessions.destroyAllForUser(user.id);
    await this.startSession(ctx, user.id, false);
    return true;
  }

  /**
   * Checks the password a logged-in user enters again (password change, account deletion). Counted
   * by the login throttle of the account, as a login is: a stolen session cannot guess it without limit.
   */
  async confirmPassword(ctx: RequestContext, user: User, password: string): Promise<boolean> {
    const account = `user:${user.id}`;
    await this.throttle.begin(account, ctx.ip);
    if (!(await verifyPassword(user.passwordHash, password))) return false;
    await this.throttle.succeeded(account, ctx.ip);
    return true;
  }

  /** Ends every session of a user (password change elsewhere, account deletion). */
  endAllSessions(userId: string): Promise<number> {
    return this.sessions.destroyAllForUser(userId);
  }

  /** Rotates the session: the old id (if any) dies, a new one is issued. */
  private async startSession(ctx: RequestContext, userId: string, destroyOld = true): Promise<void> {
    if (destroyOld && ctx.viewer) await this.sessions.destroy(ctx.viewer.sessionId);
    const sessionId = await this.sessions.create(userId);
    ctx.cookie.set(sessionId);
    ctx.viewer = { userId, sessionId };
  }

  private findByLogin(ctx: RequestContext, login: string): Promise<User | null> {
    const byEmail = login.includes('@');
    return ctx.em.findOne(User, {
      [byEmail ? 'email' : 'username']: login,
      deletedAt: null,
    });
  }
}

const emailTaken = () => new AppError('CONFLICT', authMessages.anAccountWithThisEmailAlready, { fields: { email: authMessages.anAccountWithThisEmailAlready } });
export const usernameTaken = () => new AppError('CONFLICT', authMessages.thisUsernameIsAlreadyTaken, { fields: { username: authMessages.thisUsernameIsAlreadyTaken } });

/**
 * Login and password change end with a new session cookie, which only an HTTP answer can carry.
 * Refused first: no password checked, no attempt counted, nothing written.
 */
function requireCookieTransport(ctx: RequestContext, message: Message): void {
  if (!canSetSessionCookie(ctx)) throw new AppError('BAD_REQUEST', message);
}
