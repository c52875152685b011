import 'reflect-metadata';
import { afterAll, vi } from 'vitest';
import { closeLeftOpen } from '../support/open-apps.js';

// The server project's workers run file after file in one process (`isolate: false` in vitest.config.ts): what a
// file changed in it is undone after its last hook (this afterAll, registered first, runs last).
afterAll(async () => {
  vi.restoreAllMocks(); // e.g. read-path-signed-in's spy on ApolloServer.prototype
  vi.unstubAllGlobals(); // e.g. meili-http's fetch
  vi.unstubAllEnvs();
  const left = await closeLeftOpen();
  if (left.length) {
    throw new Error(`this file left ${left.length} app(s) running (now closed): ${left.join(', ')}; close each app it starts in an afterAll`);
  }
});
