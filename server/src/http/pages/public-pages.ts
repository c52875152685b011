import type { ApolloServer } from '@apollo/server';
import type { Logger } from 'pino';
import type { Services } from '../../app/create-services.js';
import { createRequestContext } from '../../common/request-context.js';
import type { Config } from '../../config/env.js';
import type { Orm } from '../../db/orm.js';
import type { GqlContext } from '../../graphql/context.js';
import type { Router } from 'express';
import { PageCache } from './page-cache.js';
import { loadPageRenderer, type PageRenderer } from './page-renderer.js';
import { renderedPages, type PageLoadHandler } from './rendered-pages.js';
import { Sitemaps } from './sitemaps.js';

interface PageLoadsDeps {
  config: Config;
  log: Logger;
  orm: Orm;
  services: Services;
  apollo: ApolloServer<GqlContext<Services>>;
}

/**
 * The public pages (docs/architecture.md#rendered-pages): the handler of page loads, with the web app's renderer
 * from its build fed by the server's own GraphQL as a visitor sees it (Apollo's `executeOperation`: the same
 * schema, limits and error shapes as over HTTP, without HTTP) and rendered pages kept until the catalogue's
 * changes drop them; and robots.txt with the sitemaps. The renderer is loaded with the first page load; when
 * the client build has none, index.html is sent as built (rendered in the browser only).
 */
export function publicPages(distDir: string, deps: PageLoadsDeps): { pages: PageLoadHandler; sitemaps: Router } {
  const { config, log, orm, services, apollo } = deps;
  const origin = new URL(config.PUBLIC_URL).origin;
  let loading: Promise<PageRenderer | null> | null = null;
  const renderer = () =>
    (loading ??= loadPageRenderer(distDir, origin).then((loaded) => {
      if (!loaded) log.info({ distDir }, 'the web app was built without its page renderer: pages are rendered in the browser only');
      return loaded;
    }));
  const changes = services.products.visitorChanges();
  const pages = renderedPages({
    renderer,
    cache: new PageCache(changes),
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
  const sitemaps = new Sitemaps({
    products: services.products,
    changes,
    origin,
    urlsPerFile: config.SITEMAP_URLS_PER_FILE,
    privatePaths: async () => (await renderer())?.privatePaths() ?? [],
  });
  return { pages, sitemaps: sitemaps.router() };
}
