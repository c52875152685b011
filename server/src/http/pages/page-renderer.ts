import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormattedExecutionResult } from 'graphql';
import type { Locale } from '../../common/request-context.js';

/**
 * The web app's own renderer, as its server build exports it (client/src/app/ssr/render-page.tsx, built by
 * `vite build --ssr` into `<client dist>/ssr/render-page.js`). The shapes below are that module's; the
 * rendered-pages test loads the real build, so a change on one side that the other misses fails there.
 */
export interface PageRenderer {
  /** The whole HTML of a visitor's page at `path` in `language`, or null when that page is served as the app's shell. */
  render(path: string, language: Locale, execute: ExecuteGraphQL): Promise<RenderedPage | null>;
  /** The app's shell (rendered in the browser), saying `noindex` when asked. */
  shell(opts: { noindex: boolean }): string;
  /** Whether the page at `path` is rendered for visitors (else it is the shell, with `noindex`). */
  isRendered(path: string): boolean;
  /** The paths of the app's pages that are not rendered (private, or of no use to a search engine), as robots.txt prefixes. */
  privatePaths(): string[];
}

export interface RenderedPage {
  status: number;
  html: string;
  /** What the page shows that can change: `product:<id>`. */
  dependsOn: string[];
}

export interface GraphQLRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string;
}

export type ExecuteGraphQL = (request: GraphQLRequest) => Promise<FormattedExecutionResult>;

interface RendererModule {
  createPageRenderer(opts: { template: string; manifest: unknown; origin: string }): Promise<PageRenderer>;
}

/** Where the client build leaves the renderer, beside the built pages. */
export const rendererPath = (distDir: string) => path.join(distDir, 'ssr', 'render-page.js');

/**
 * Loads the web app's renderer from its build, or null when the build has none (a client built before
 * rendered pages, or a test's handmade dist): the pages are then all the app's shell, as before.
 */
export async function loadPageRenderer(distDir: string, origin: string): Promise<PageRenderer | null> {
  const file = rendererPath(distDir);
  const manifest = path.join(distDir, '.vite', 'manifest.json');
  const template = path.join(distDir, 'index.html');
  if (!existsSync(file) || !existsSync(manifest) || !existsSync(template)) return null;
  const mod = (await import(pathToFileURL(file).href)) as RendererModule;
  return mod.createPageRenderer({ template: readFileSync(template, 'utf8'), manifest: JSON.parse(readFileSync(manifest, 'utf8')), origin });
}
