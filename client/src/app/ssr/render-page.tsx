// The server's entry into the web app (built by `vite build --ssr`, loaded by server/src/http/rendered-pages.ts):
// renders a visitor's public page to HTML with React 19's static prerendering and Apollo Client's
// `prerenderStatic` (which renders until every query the page starts has its answer), routed by React
// Router's static handler over the app's own routes. docs/architecture.md#rendered-pages.
import { ApolloClient, ApolloLink } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print, type FormattedExecutionResult } from 'graphql';
import i18n from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from 'react-router';
import { Observable } from 'rxjs';
import { createCache } from '../../lib/apollo-client';
import { loadLanguage, loadScreenTexts, type Language } from '../../lib/i18n';
import { AppProviders } from '../app-providers';
import { appRoutes } from '../router';
import { PageDocument, type Manifest } from './page-document';
import { HINDI_TEXTS, renderedPages, SCREEN_TEXTS } from './pages';

/** A GraphQL operation as the page's Apollo Client sends it. */
export interface GraphQLRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

/** Runs an operation as a visitor without a session would over HTTP (the server's own GraphQL, in process). */
export type ExecuteGraphQL = (request: GraphQLRequest) => Promise<FormattedExecutionResult>;

export interface PageRendererOptions {
  /** The built `index.html`. */
  template: string;
  /** The build's manifest (`.vite/manifest.json`). */
  manifest: Manifest;
  /** The site's own origin (PUBLIC_URL): canonical URLs and absolute picture URLs. */
  origin: string;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** What the page shows that can change (`product:<id>`). */
  dependsOn: string[];
}

export interface PageRenderer {
  /** The whole HTML of a visitor's page at `path` in `language`, or null when that page is served as the app's shell. */
  render(path: string, language: Language, execute: ExecuteGraphQL): Promise<RenderedPage | null>;
  /** The app's shell (rendered in the browser), saying `noindex` when asked. */
  shell(opts: { noindex: boolean }): string;
  /** Whether the page at `path` is rendered for visitors (else it is the shell, with `noindex`). */
  isRendered(path: string): boolean;
  /** The paths of the app's pages that are not rendered (private, or of no use to a search engine), as robots.txt prefixes. */
  privatePaths(): string[];
}

/** An Apollo link that answers each operation with `execute` (no HTTP). */
const executeLink = (execute: ExecuteGraphQL) =>
  new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (err: unknown) => observer.error(err),
        );
      }),
  );

/**
 * Every text in both languages, one i18next instance per language sharing them (the browser fetches the
 * screens' texts and Hindi's on demand; a server has them all before its first page).
 */
async function i18nInstances(): Promise<Record<Language, typeof i18n>> {
  await Promise.all([loadLanguage('hi'), loadScreenTexts()]);
  return { en: i18n.cloneInstance({ lng: 'en' }), hi: i18n.cloneInstance({ lng: 'hi' }) };
}

/** The paths of the routes that are not rendered, as prefixes (`/seller/products/edit/` for `.../edit/:id`). */
function privatePathsOf(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    const own = route.path && route.path !== '*' && !(route.id && renderedPages[route.id]) ? [path.replace(/:.*$/, '')] : [];
    return [...own, ...privatePathsOf(route.children ?? [], path)];
  });
}

function decodable(pathname: string): boolean {
  try {
    pathname.split('/').forEach((segment) => decodeURIComponent(segment));
    return true;
  } catch {
    return false;
  }
}

/** Makes the renderer once (per process): the routes' static handler, the texts, the document template. */
export async function createPageRenderer(opts: PageRendererOptions): Promise<PageRenderer> {
  const handler = createStaticHandler(appRoutes);
  const texts = await i18nInstances();
  const document = new PageDocument(opts.template, opts.manifest, opts.origin);
  /** The page of the leaf route the browser's router matches for `path`, if it is rendered. */
  const specOf = (path: string) => {
    const pathname = new URL(path, opts.origin).pathname;
    // A malformed percent-encoding is no page of ours (and the router would warn on it): the shell answers it.
    if (!decodable(pathname)) return null;
    const id = matchRoutes(appRoutes, pathname)?.at(-1)?.route.id;
    return (id && renderedPages[id]) || null;
  };

  return {
    isRendered: (path) => specOf(path) !== null,
    privatePaths: () => privatePathsOf(appRoutes).filter((p) => p !== '/'),
    shell: (o) => document.shell(o),
    async render(path, language, execute) {
      const spec = specOf(path);
      if (!spec) return null;
      const context = await handler.query(new Request(new URL(path, opts.origin)));
      // The app's routes have no loaders or actions: the handler never answers with a redirect of its own.
      if (context instanceof Response) throw new Error(`the static handler answered ${path} with a response`);
      const leaf = context.matches.at(-1);
      const client = new ApolloClient({ ssrMode: true, link: executeLink(execute), cache: createCache() });
      const instance = texts[language];
      const tree = (
        <StrictMode>
          <I18nextProvider i18n={instance}>
            <AppProviders apollo={{ client, restartRealtime: () => undefined }} renderedForVisitor>
              <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
            </AppProviders>
          </I18nextProvider>
        </StrictMode>
      );
      // A component that throws would leave its part to the browser (React's client-rendering fallback): the page
      // is then not what a visitor is shown, so it is not answered (the server sends the app's shell instead).
      let failed: unknown = null;
      // Every boundary stays in place (React moves a large one after the rest, with an inline script to put it
      // back, which the pages' Content-Security-Policy would not run).
      const renderFunction = (node: ReactNode) => prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (err) => void (failed ??= err) });
      const { result } = await prerenderStatic({ tree, renderFunction });
      if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
      if (/<script\b/i.test(result)) throw new Error(`the render of ${path} has an inline script, which the pages' Content-Security-Policy would refuse`);
      const head = spec.head({ client, params: leaf?.params ?? {}, path: new URL(path, opts.origin).pathname, i18n: instance, language, origin: opts.origin });
      const html = document.page({ head, language, appName: instance.t('appName'), body: result, state: client.extract(), modules: language === 'hi' ? [...spec.modules.filter((m) => m !== SCREEN_TEXTS), HINDI_TEXTS] : spec.modules });
      return { status: head.status, html, dependsOn: head.dependsOn };
    },
  };
}
