import type { Infra } from '../../app/infra.js';
import type { AppModule } from '../../app/module.js';
import { User } from '../users/user.entity.js';
import { AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';
import { SessionStore } from './session-store.js';
import { setPasswordHashMemory } from './password.js';

/** The services this module's routes, jobs and seed take (each names its own). */
type AuthDeps = { auth: AuthService };

export const authModule: AppModule<AuthDeps> = {
  name: 'auth',
  entities: [User],
  resolvers: [AuthResolver],
  routes: authRoutes,
};

/** Sessions and sign-in. `sessionsEndedChannel` is told of every user whose sessions ended (open sockets close). */
export function createAuthServices(infra: Infra, sessionsEndedChannel: string) {
  const { config, redis } = infra;
  setPasswordHashMemory(config.PASSWORD_HASH_MEMORY_KIB);
  const sessions = new SessionStore(redis.cmd, config.SESSION_TTL_DAYS * 24 * 3600, sessionsEndedChannel);
  const throttle = new LoginThrottle(redis.cmd, {
    perAccount: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
    perIp: config.LOGIN_MAX_ATTEMPTS_PER_IP,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
  });
  return { sessions, auth: new AuthService(sessions, throttle, infra.pubSub) };
}
export type AuthServices = ReturnType<typeof createAuthServices>;
