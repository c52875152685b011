import type { ApolloClient } from '@apollo/client';
import type { i18n as I18n } from 'i18next';
import { productHead } from '../../features/products';
import { ProductDetailsDocument } from '../../graphql/generated';
import type { Language } from '../../lib/i18n';
import type { PageHead } from '../../lib/page-head';

/** What a rendered page's head is made from: the data the render fetched (Apollo's cache), the route's params, the texts. */
export interface PageContext {
  client: ApolloClient;
  params: Record<string, string | undefined>;
  /** The path asked for. */
  path: string;
  i18n: I18n;
  language: Language;
  origin: string;
}

/**
 * A page the server renders for visitors (docs/architecture.md#rendered-pages), by its route's `id` in
 * `app/router.tsx`. Every other route is served as the app's shell, saying `noindex`.
 */
export interface RenderedPageSpec {
  /**
   * The modules the route loads lazily that the first paint shows (the route's own module, a lazy section,
   * the screens' texts, which a Hindi page takes from `HINDI_TEXTS`): their stylesheets go in the page's head
   * and their scripts are fetched beside the entry's, so the page is hydrated without waiting for them in turn.
   */
  modules: string[];
  head(ctx: PageContext): PageHead;
}

/** The English texts of screens other than home (lib/i18n.ts): a lazily loaded screen waits for them. */
export const SCREEN_TEXTS = 'src/lib/i18n-en-screens.ts';
/** Every Hindi text: a Hindi page waits for them before it is hydrated. */
export const HINDI_TEXTS = 'src/lib/i18n-hi.ts';

/** A page that shows products from the search index (home's rows): dropped at any product's change, kept briefly. */
export const ANY_PRODUCT = 'product:*';

/** The rendered pages by route id. A page of its own (a seller's profile, a category) is one more entry here. */
export const renderedPages: Record<string, RenderedPageSpec> = {
  home: {
    modules: ['src/features/home/components/home-sections.tsx'],
    head: ({ i18n }) => {
      const t = i18n.getFixedT(null, 'home');
      return {
        status: 200,
        title: i18n.t('appName'),
        shareTitle: `${i18n.t('appName')}: ${t('hero.title')}`,
        description: t('hero.subtitle'),
        path: '/',
        type: 'website',
        // Its popular and new products: any product's change (a new one, one disabled) may change it.
        dependsOn: [ANY_PRODUCT],
      };
    },
  },
  about: {
    modules: ['src/app/routes/about-route.tsx', SCREEN_TEXTS],
    head: ({ i18n }) => {
      const t = i18n.getFixedT(null, 'about');
      return { status: 200, title: t('title'), description: t('intro'), path: '/about', type: 'website', dependsOn: [] };
    },
  },
  product: {
    modules: ['src/app/routes/product-route.tsx', SCREEN_TEXTS],
    head: ({ client, params, i18n, origin }) => {
      const id = params.id ?? '';
      const data = client.readQuery({ query: ProductDetailsDocument, variables: { id } });
      return productHead(i18n, data?.product, { id, origin });
    },
  },
  'not-found': {
    modules: ['src/app/routes/not-found-route.tsx', SCREEN_TEXTS],
    head: ({ i18n, path }) => ({ status: 404, title: i18n.t('notFound.title'), description: i18n.t('notFound.body'), path, noindex: true, type: 'website', dependsOn: [] }),
  },
};
