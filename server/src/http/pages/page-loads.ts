import type { ApolloServer } from '@apollo/server';
import type { Logger } from 'pino';
import type { Services } from '../../app/create-services.js';
import { createRequestContext } from '../../common/request-context.js';
import type { Config } from '../../config/env.js';
import type { Orm } from '../../db/orm.js';
import type { GqlContext } from '../../graphql/context.js';
import { PageCache } from './page-cache.js';
import { loadPageRenderer } from './page-renderer.js';
import { renderedPages, type PageLoadHandler } from './rendered-pages.js';

interface PageLoadsDeps {
  config: Config;
  log: Logger;
  orm: Orm;
  services: Services;
  apollo: ApolloServer<GqlContext>;
}

/**
 * The handler of page loads (docs/architecture.md#rendered-pages): the web app's renderer from its build,
 * fed by the server's own GraphQL as a visitor sees it (Apollo's `executeOperation`: the same schema, limits
 * and error shapes as over HTTP, without HTTP), with rendered pages kept until the catalogue's changes drop
 * them. The renderer is loaded with the first page load; when the client build has none, index.html is sent
 * as built (rendered in the browser only).
 */
export function pageLoads(distDir: string, deps: PageLoadsDeps): PageLoadHandler {
  const { config, log, orm, services, apollo } = deps;
  return renderedPages({
    renderer: async () => {
      const renderer = await loadPageRenderer(distDir, new URL(config.PUBLIC_URL).origin);
      if (!renderer) log.info({ distDir }, 'the web app was built without its page renderer: pages are rendered in the browser only');
      return renderer;
    },
    cache: new PageCache(services.products.visitorChanges()),
    log,
    productDeleted: (id) => services.products.wasDeleted(id),
    executeAsVisitor: (req, language) => {
      const ctx = createRequestContext({ em: orm.em, log, requestId: req.id, viewer: null, locale: language, ip: req.ip ?? 'unknown' });
      return async (operation) => {
        const answer = await apollo.executeOperation(operation, { contextValue: { ctx, services } });
        if (answer.body.kind !== 'single') throw new Error('a page asked for an incrementally delivered answer');
        return answer.body.singleResult;
      };
    },
  });
}
