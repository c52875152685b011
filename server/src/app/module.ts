import type { EntityClass } from '@mikro-orm/core';
import type { RequestHandler, Router } from 'express';
import type { GraphQLFieldResolver } from 'graphql';
import type { TopicRoutes } from '../outbox/outbox.js';
import type { Services } from './create-services.js';

/**
 * What a feature module plugs into the app. The app wires every module listed in
 * `modules/index.ts`; a module touches nothing outside its own folder but this descriptor.
 */
export interface AppModule {
  name: string;
  /** MikroORM entity classes. */
  entities?: EntityClass<object>[];
  /** type-graphql resolver classes. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  resolvers?: Function[];
  /**
   * Plain GraphQL resolvers of fields derived from what a resolver returns, by object type and field
   * (the type's class declares the field): set on the built schema, cheaper per call than a type-graphql
   * @FieldResolver.
   */
  fieldResolvers?: Record<string, Record<string, GraphQLFieldResolver<never, never>>>;
  /** REST shim routes (the paths of docs/product.md#rest-shim), mounted after the session middleware. */
  routes?: (r: Router, services: Services) => void;
  /** Other routes with their own body handling (uploads, dev pages), mounted before the REST shim's JSON parser. */
  rawRoutes?: (r: Router, services: Services) => void;
  /**
   * Busy POST routes by exact path, served without express's router (http/direct-route.ts) after the
   * request context and origin check, as raw routes are; the module's `rawRoutes` serve the same
   * handlers for the path's other spellings (a query string, a trailing slash).
   */
  directPosts?: (services: Services) => Record<string, RequestHandler[]>;
  /** Public routes mounted before sessions are read (static files such as uploaded images). */
  publicRoutes?: (r: Router, services: Services) => void;
  /** Outbox topic -> destinations: a BullMQ queue name and/or live routes (two modules naming one route fail start-up). */
  topics?: TopicRoutes;
  /** Registers BullMQ processors (run by the worker role). */
  jobs?: (services: Services) => void;
  /** Demo data for an empty database (never a usable login). */
  seed?: (services: Services) => Promise<void>;
}
