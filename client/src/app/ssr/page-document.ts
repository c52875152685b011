import type { Language } from '../../lib/i18n';
import { RENDERED_STATE_ID, type PageHead } from '../../lib/page-head';

/** One chunk of the build's manifest (`client/dist/.vite/manifest.json`, vite's `build.manifest`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

const ATTRIBUTE = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside an attribute value or an element. */
export const escapeHtml = (text: string): string => text.replace(ATTRIBUTE, (c) => ENTITIES[c]);

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const LOCALES: Record<Language, string> = { en: 'en_IN', hi: 'hi_IN' };

/** The canonical URL of a page in a language: English has none in its URL, Hindi says `?lang=hi`. */
export const pageUrl = (origin: string, path: string, language: Language): string => `${origin}${path}${language === 'en' ? '' : `?lang=${language}`}`;

/** A piece of the template that must be there, found once when the renderer starts. */
function mustFind(template: string, pattern: RegExp, what: string): RegExpExecArray {
  const m = pattern.exec(template);
  if (!m) throw new Error(`client/dist/index.html has no ${what}: was it built from client/index.html?`);
  return m;
}

/**
 * The built `index.html` cut where a rendered page adds its parts: the `<html>` tag's language, the head
 * (its default title and description are replaced), the root element's content and the state after it.
 */
export class PageDocument {
  private readonly beforeLang: string;
  /** The template's head as built (the app's title and description). */
  private readonly appHead: string;
  /** Without its title and description (a rendered page has its own): up to the entry's scripts, and from them. */
  private readonly headStart: string;
  private readonly headAssets: string;
  private readonly bodyStart: string;
  private readonly afterRoot: string;
  private readonly afterRootWithNotice: string;
  private readonly templateCss: Set<string>;
  private readonly templateJs: Set<string>;

  constructor(
    template: string,
    private readonly manifest: Manifest,
    private readonly origin: string,
  ) {
    const lang = mustFind(template, /<html lang="[^"]*"/, '<html lang>');
    const headEnd = mustFind(template, /<\/head>/, '</head>');
    const root = mustFind(template, /<div id="root"><\/div>/, 'empty <div id="root">');
    this.beforeLang = template.slice(0, lang.index) + '<html lang="';
    this.appHead = template.slice(lang.index + lang[0].length, headEnd.index);
    const head = this.appHead.replace(/\s*<title>[^<]*<\/title>/, '').replace(/\s*<meta name="description"[^>]*>/, '');
    const firstAsset = mustFind(head, /\s*<(?:script|link rel="stylesheet")\b/, "entry script or stylesheet in <head>").index;
    this.headStart = head.slice(0, firstAsset);
    this.headAssets = head.slice(firstAsset);
    this.bodyStart = template.slice(headEnd.index, root.index) + '<div id="root">';
    this.afterRootWithNotice = template.slice(root.index + root[0].length);
    // A rendered page reads without JavaScript: no "needs JavaScript" notice.
    this.afterRoot = this.afterRootWithNotice.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
    // What the template loads already (its entry's scripts and stylesheet).
    const named = [...template.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    this.templateJs = new Set(named.filter((f) => f.endsWith('.js')));
    this.templateCss = new Set(named.filter((f) => f.endsWith('.css')));
  }

  /** A rendered page: its head, the React markup in #root and Apollo's cache after it. */
  page(args: { head: PageHead; language: Language; appName: string; body: string; state: unknown; modules: string[] }): string {
    const { head, language, appName, state, modules } = args;
    // What React hoists (the preload of a picture fetched with high priority) it writes before the markup when
    // rendering into an element rather than a whole document: it belongs in the head, before the entry's scripts
    // and stylesheet, so that the picture (the page's largest paint) is asked for first and is not queued behind
    // the JavaScript on a phone's few connections (bench/README.md#first-load-on-a-phone).
    const hoisted = /^(?:<link\b[^>]*>)+/.exec(args.body)?.[0] ?? '';
    const body = args.body.slice(hoisted.length);
    const canonical = pageUrl(this.origin, head.path, language);
    const title = head.title === appName ? appName : `${head.title} · ${appName}`;
    const ogTitle = head.shareTitle ?? head.title;
    const meta = (attr: 'name' | 'property', key: string, value: string | undefined) => (value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '');
    const tags = [
      `<title>${escapeHtml(title)}</title>`,
      meta('name', 'description', head.description),
      head.noindex ? '<meta name="robots" content="noindex">' : '',
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      ...(head.noindex ? [] : [...(['en', 'hi'] as const).map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(pageUrl(this.origin, head.path, l))}">`), `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(this.origin, head.path, 'en'))}">`]),
      meta('property', 'og:site_name', appName),
      meta('property', 'og:type', head.type),
      meta('property', 'og:title', ogTitle),
      meta('property', 'og:description', head.description),
      meta('property', 'og:url', canonical),
      meta('property', 'og:locale', LOCALES[language]),
      meta('property', 'og:locale:alternate', LOCALES[language === 'en' ? 'hi' : 'en']),
      meta('property', 'og:image', head.image?.url),
      meta('property', 'og:image:alt', head.image?.alt),
      meta('property', 'product:price:amount', head.price),
      head.price ? meta('property', 'product:price:currency', 'INR') : '',
      meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
      meta('name', 'twitter:title', ogTitle),
      meta('name', 'twitter:description', head.description),
      meta('name', 'twitter:image', head.image?.url),
      meta('name', 'twitter:image:alt', head.image?.alt),
      head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : '',
      ...this.assets(modules),
    ].filter(Boolean);
    return `${this.beforeLang}${language}"${this.headStart}${hoisted ? `\n    ${hoisted}` : ''}${this.headAssets}\n    ${tags.join('\n    ')}\n  ${this.bodyStart}${body}</div><script type="application/json" id="${RENDERED_STATE_ID}">${scriptJson(state)}</script>${this.afterRoot}`;
  }

  /** The app's page as built (rendered in the browser), saying `noindex` for pages search engines should leave out. */
  shell(opts: { noindex: boolean }): string {
    return `${this.beforeLang}en"${this.appHead}${opts.noindex ? '  <meta name="robots" content="noindex">\n  ' : ''}${this.bodyStart}</div>${this.afterRootWithNotice}`;
  }

  /**
   * The stylesheets a rendered page's lazily loaded modules need at once (the browser would otherwise paint
   * the page unstyled until their chunk came), and their scripts to fetch beside the entry's.
   */
  private assets(modules: string[]): string[] {
    const css = new Set<string>();
    const js = new Set<string>();
    for (const src of modules) {
      const chunk = this.manifest[src];
      if (!chunk) throw new Error(`${src} is not in the build's manifest`);
      for (const f of this.files(chunk, 'css')) if (!this.templateCss.has(f)) css.add(f);
      for (const f of this.files(chunk, 'js')) if (!this.templateJs.has(f)) js.add(f);
    }
    return [...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`), ...[...js].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)];
  }

  /** A chunk's files of a kind, with those of the chunks it imports (not the ones it loads lazily). */
  private files(chunk: ManifestChunk, kind: 'css' | 'js', seen = new Set<ManifestChunk>()): string[] {
    if (seen.has(chunk)) return [];
    seen.add(chunk);
    const own = kind === 'css' ? (chunk.css ?? []) : [chunk.file];
    return [...own, ...(chunk.imports ?? []).flatMap((key) => (this.manifest[key] ? this.files(this.manifest[key], kind, seen) : []))];
  }
}
