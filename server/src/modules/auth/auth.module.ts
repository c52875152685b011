import type { AppModule } from '../../app/module.js';
import { User } from '../users/user.entity.js';
import { AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';

export const authModule: AppModule = {
  name: 'auth',
  entities: [User],
  resolvers: [AuthResolver],
  routes: authRoutes,
};
