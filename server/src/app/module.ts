import type { EntityClass } from '@mikro-orm/core';
import type { RequestHandler, Router } from 'express';
import type { GraphQLFieldResolver } from 'graphql';
import type { Notifiable } from '../outbox/notifiable.js';
import type { TopicRoutes } from '../outbox/outbox.js';

/**
 * What a feature module plugs into the app. The app wires every module listed in
 * `modules/index.ts`; a module touches nothing outside its own folder but this descriptor.
 * `Deps` names the services its routes, jobs and seed take (each names its own part in its signature); the
 * composition root hands them its services, so a module asking for one it does not build fails to compile.
 * A plain `AppModule` is any module (its parts are not called through it).
 */
export interface AppModule<Deps = never> {
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
  routes?: (r: Router, deps: Deps) => void;
  /** Other routes with their own body handling (uploads, dev pages), mounted before the REST shim's JSON parser. */
  rawRoutes?: (r: Router, deps: Deps) => void;
  /**
   * Busy POST routes by exact path, served without express's router (http/direct-route.ts) after the
   * request context and origin check, as raw routes are; the module's `rawRoutes` serve the same
   * handlers for the path's other spellings (a query string, a trailing slash).
   */
  directPosts?: (deps: Deps) => Record<string, RequestHandler[]>;
  /** Public routes mounted before sessions are read (static files such as uploaded images). */
  publicRoutes?: (r: Router, deps: Deps) => void;
  /** Outbox topic -> destinations: a BullMQ queue name and/or live routes (two modules naming one route fail start-up). */
  topics?: TopicRoutes;
  /** Its outbox topics whose events someone should hear of away from the page (the notifications module routes them). */
  notifiable?: Notifiable[];
  /** Registers BullMQ processors (run by the worker role). */
  jobs?: (deps: Deps) => void;
  /** Demo data for an empty database (never a usable login). */
  seed?: (deps: Deps) => Promise<void>;
}
