import { useQuery } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductRows } from '../../../components/product-rows/product-rows';
import { CameraIcon, ChatIcon, KeyboardIcon, MicIcon } from '../../../components/ui/icons';
import { ProductCategoriesDocument, RecommendationsDocument } from '../../../graphql/generated';
import './home-sections.css';

/**
 * The rows home asks for: two categories' popular or new products and what is new anywhere. More would put dozens
 * of pictures and their markup into a phone's first load, before the categories (bench/README.md#first-load-on-a-phone).
 */
const HOME_ROWS = 3;

/**
 * Products to look at before searching: a visitor's popular and new products by category, then what is new
 * anywhere (the API's `recommendations`; a signed-in buyer's own rows come first). On a page the server
 * rendered they come with it (Apollo's cache), so the app takes the page over without asking again or
 * changing it; nothing is shown while they load or when they could not be loaded (the search is the way in).
 */
function HomeProducts() {
  const { t, i18n } = useTranslation('home');
  const { data, refetch } = useQuery(RecommendationsDocument, { variables: { rows: HOME_ROWS }, fetchPolicy: 'cache-first' });
  // The rows' titles come in the language they were asked in: asked again when the reader changes it.
  const askedIn = useRef(i18n.language);
  useEffect(() => {
    if (askedIn.current === i18n.language) return;
    askedIn.current = i18n.language;
    void refetch().catch(() => undefined);
  }, [i18n.language, refetch]);
  const rows = data?.recommendations.rows ?? [];
  if (!rows.length) return null;
  return (
    <section className="home-section" aria-labelledby="home-products">
      <h2 id="home-products">{t('products.title')}</h2>
      {/* Below the hero: their pictures never go before what paints and starts the page on a slow line. */}
      <ProductRows rows={rows} lowPriority />
    </section>
  );
}

/**
 * Below the hero (docs/product.md#screens-and-routes): popular and new products, every category with its
 * name in the UI language, each opening a search for it, and how buying works here.
 */
export function HomeSections({ onSearch }: { onSearch: (query: string) => void }) {
  const { t, i18n } = useTranslation('home');
  const { data } = useQuery(ProductCategoriesDocument);
  const hindi = i18n.language === 'hi';
  // The 50 listings are offered, the trade's first (docs/product.md#categories).
  const categories = (data?.productCategories ?? []).filter((c) => c.offered);
  const steps = [
    { key: 'voice', Icon: MicIcon },
    { key: 'type', Icon: KeyboardIcon },
    { key: 'photo', Icon: CameraIcon },
    { key: 'chat', Icon: ChatIcon },
  ] as const;
  return (
    <>
      <HomeProducts />
      {categories.length ? (
        <section className="home-section" aria-labelledby="home-categories">
          <h2 id="home-categories">{t('categories.title')}</h2>
          <ul className="home-categories">
            {categories.map((c) => {
              const name = hindi ? c.nameHi : c.name;
              return (
                <li key={c.id}>
                  {/* The English name is what the assistant searches: it knows every category by it. */}
                  <button type="button" className="home-category" onClick={() => onSearch(c.name)} aria-label={t('categories.label', { name })}>
                    {name}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="home-how">
        <h2 id="home-how">{t('how.title')}</h2>
        <ol className="home-how">
          {steps.map(({ key, Icon }) => (
            <li key={key} className="home-how__step">
              <Icon className="home-how__icon" />
              <h3>{t(`how.${key}.title`)}</h3>
              <p>{t(`how.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
