/**
 * What a page says about itself in its `<head>` when the server renders it (docs/architecture.md#rendered-pages):
 * its title, description, canonical path, preview picture and structured data, in the page's language.
 * Built by the page's own feature from the data it rendered; written out by `app/ssr/page-document.ts`.
 */
export interface PageHead {
  /** The HTTP status of the page: 404 when what it shows is not there. */
  status: 200 | 404;
  /** The page's title as the browser tab shows it (`usePageTitle`: the document adds the app's name). */
  title: string;
  /** The title of a link preview (`og:title`), when it says more than `title` (a product's price). */
  shareTitle?: string;
  /** One or two sentences for search results and link previews. */
  description: string;
  /** The page's path (no origin, no language); its canonical URL adds the language. */
  path: string;
  /** Not to be listed by search engines (a missing product, an unknown path). */
  noindex?: boolean;
  /** `og:type`. */
  type: 'website' | 'product';
  /** The preview picture: an absolute URL. */
  image?: { url: string; alt: string };
  /** Open Graph product price (`product:price:amount`, rupees as "1234.50"). */
  price?: string;
  /** schema.org data as JSON-LD (one object). */
  jsonLd?: Record<string, unknown>;
  /**
   * What the page shows that can change (`product:<id>`; `product:*` for any product, as home's rows): a kept
   * copy of it is dropped when one changes.
   */
  dependsOn: string[];
}

/**
 * The id of the element a rendered page carries Apollo's cache in (JSON), after the app's markup: its presence
 * says the page was rendered by the server, for a visitor without a session, in `<html lang>`'s language.
 */
export const RENDERED_STATE_ID = 'bb-state';

/** The cache a server-rendered page carries, or null when the page was not rendered by the server. */
export function renderedState(doc: Document = document): Record<string, unknown> | null {
  const element = doc.getElementById(RENDERED_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** An absolute URL for a path the API gave (disk storage gives `/uploads/...`; S3 gives absolute URLs). */
export const absoluteUrl = (origin: string, url: string): string => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

/** At most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:·-]+$/, '')}…`;
}
