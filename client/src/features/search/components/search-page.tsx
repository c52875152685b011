import { useQuery } from '@apollo/client/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { SearchProductsDocument } from '../../../graphql/generated';
import { MIN_SHOWN_FOR_MORE, useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useSearchOverlay } from '../search-overlay-context';
import { filterChips, type FilterKey } from '../utils/filter-chips';
import { fromGraphqlResult } from '../utils/result-card-data';
import { readSearchAddress, searchAddressQuery, SORTS, type SearchAddress, type Sort } from '../utils/search-address';
import { FilterChipList } from './filter-chip-list';
import { RelaxedNotes } from './relaxed-notes';
import { ResultCard } from './result-card';
import { ResultsFooter } from './results-footer';
import './search.css';
import './search-results.css';
import './search-page.css';

const PAGE = 10;

/**
 * /search?q=…: the results as a page of their own (docs/product.md#search-results-page). The address holds
 * the words, the removed chips, the city and the order, so reload, Back and a shared link show the same
 * results; the assistant stays one button away with the same words.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const address = readSearchAddress(params);
  const navigate = useNavigate();
  const { openSearch } = useSearchOverlay();
  const input = { query: address.q, withoutFilters: address.without, city: address.city || null, sort: address.sort, limit: PAGE, offset: 0 };
  const { data, loading, error, refetch, fetchMore } = useQuery(SearchProductsDocument, { variables: { input }, skip: !address.q, notifyOnNetworkStatusChange: false });
  // Category names and conditions come in the request's language: a language switch asks again.
  const asked = useRef(i18n.language);
  useEffect(() => {
    if (asked.current === i18n.language) return;
    asked.current = i18n.language;
    if (address.q) void refetch().catch(() => undefined);
  }, [i18n.language, address.q, refetch]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const found = data?.searchProducts;
  const results = found?.results ?? [];
  const heading = resultsHeading(address.q, i18n.language, found, t);
  usePageTitle(heading);
  const go = (next: Partial<SearchAddress>) => {
    setMoreFailed(false);
    setParams(searchAddressQuery({ ...address, ...next }));
  };

  const loadMore = async () => {
    if (!found?.hasMore || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      await fetchMore({
        variables: { input: { ...input, offset: results.length } },
        updateQuery: (previous, { fetchMoreResult }) => {
          if (!previous.searchProducts) return fetchMoreResult;
          const known = new Set(previous.searchProducts.results.map((r) => r.product.id));
          return {
            searchProducts: {
              ...fetchMoreResult.searchProducts,
              results: [...previous.searchProducts.results, ...fetchMoreResult.searchProducts.results.filter((r) => !known.has(r.product.id))],
            },
          };
        },
      });
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };
  useInfiniteScroll(sentinelRef, results.length >= MIN_SHOWN_FOR_MORE && found?.hasMore === true && !loadingMore && !moreFailed, () => void loadMore());

  const chips = found ? filterChips(found.filters, t) : [];
  const removeChip = (key: FilterKey) => go({ without: [...address.without, key], ...(key === 'location' ? { city: '' } : {}), ...(key === 'sort' ? { sort: null } : {}) });
  const buy = (id: string) => void navigate(`/product/${id}`, { state: { openBuy: true } });

  return (
    <section className="page search-page" aria-labelledby="search-page-title">
      <SearchWordsForm key={address.q} words={address.q} onSearch={(q) => setParams(searchAddressQuery({ q, without: [], city: '', sort: null }))} />
      <h1 id="search-page-title" className="search-page__title">
        {heading}
      </h1>
      {found ? (
        <p className="search-page__count" role="status">
          {t('page.count', { count: found.totalCount })}
        </p>
      ) : null}
      {found ? <RelaxedNotes search={found} /> : null}
      {found ? (
        <div className="search-page__controls">
          <FilterChipList chips={chips} onRemove={removeChip} disabled={loading} />
          <div className="search-page__pickers">
            <CityPicker key={found.filters.location ?? ''} city={found.filters.location ?? ''} onPick={(city) => go({ city, without: address.without.filter((k) => k !== 'location') })} />
            <SortPicker sort={(found.filters.sort as Sort) || 'relevance'} onPick={(sort) => go({ sort, without: address.without.filter((k) => k !== 'sort') })} />
          </div>
        </div>
      ) : null}
      {!found && loading ? <p role="status">{t('assistant.searching')}</p> : null}
      {!found && error ? (
        <div className="form-error search-page__failed" role="alert">
          <p>{t('page.failed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
            {t('assistant.retry')}
          </button>
        </div>
      ) : null}
      {found && found.question ? <p className="search-page__empty">{found.question}</p> : null}
      {found && results.length === 0 && !found.question ? <p className="search-page__empty">{t('page.none')}</p> : null}
      {found && results.length === 0 && address.q ? (
        <p className="search-page__empty">
          <Link to={`/rfqs/new?text=${encodeURIComponent(address.q)}`}>{t('requirement.emptySearch')}</Link>
        </p>
      ) : null}
      {results.length ? (
        <div className="result-grid">
          {results.map((r) => (
            <ResultCard key={r.product.id} item={fromGraphqlResult(r)} onBuy={buy} />
          ))}
        </div>
      ) : null}
      {found?.hasMore && !moreFailed ? <div ref={sentinelRef} className="assistant-results__sentinel" data-testid="page-load-more-sentinel" /> : null}
      {found?.hasMore && !loadingMore && !moreFailed ? (
        <button type="button" className="button button--secondary search-page__more" onClick={() => void loadMore()}>
          {t('page.more')}
        </button>
      ) : null}
      <ResultsFooter loadingMore={loadingMore} moreFailed={moreFailed} onRetry={() => void loadMore()} shown={results.length} hasMore={found?.hasMore === true} />
      <p className="search-page__assistant">
        <button type="button" className="button button--ghost" onClick={() => openSearch('text', address.q || undefined)}>
          {t('page.askAssistant')}
        </button>
      </p>
    </section>
  );
}

type Translate = ReturnType<typeof useTranslation<'search'>>['t'];

/**
 * The page's heading: the words as typed, except that a Hindi reader is never shown typed Latin words
 * (docs/product.md#search-results-page): the goods words in Devanagari, else the category understood, else
 * 'your search'. The typed words stay in the search box above.
 */
function resultsHeading(q: string, language: string, found: { queryHindi?: string | null; filters: { categoryName?: string | null } } | undefined, t: Translate): string {
  if (!q) return t('page.titleEmpty');
  if (language !== 'hi' || !/[a-z]/i.test(q)) return t('page.title', { q });
  if (found?.queryHindi) return t('page.title', { q: found.queryHindi });
  if (found?.filters.categoryName) return t('page.titleCategory', { category: found.filters.categoryName });
  return t('page.titleYours');
}

function SearchWordsForm({ words, onSearch }: { words: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(words);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) onSearch(draft.trim());
  };
  return (
    <form role="search" className="search-page__form" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        {t('assistant.textLabel')}
      </label>
      <input id={id} type="search" className="field__input" value={draft} maxLength={500} enterKeyHint="search" placeholder={t('entries.placeholder')} onChange={(e) => setDraft(e.target.value)} />
      <button type="submit" className="button button--primary">
        {t('page.search')}
      </button>
    </form>
  );
}

function CityPicker({ city, onPick }: { city: string; onPick: (city: string) => void }) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(city);
  const id = useId();
  useEffect(() => setDraft(city), [city]);
  return (
    <form
      className="search-page__picker"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() !== city) onPick(draft.trim());
      }}
    >
      <label htmlFor={id}>{t('page.city')}</label>
      <span className="search-page__city">
        <input id={id} className="field__input" value={draft} maxLength={60} placeholder={t('page.anyCity')} autoComplete="address-level2" onChange={(e) => setDraft(e.target.value)} />
        <button type="submit" className="button button--secondary">
          {t('page.apply')}
        </button>
      </span>
    </form>
  );
}

function SortPicker({ sort, onPick }: { sort: Sort; onPick: (sort: Sort) => void }) {
  const { t } = useTranslation('search');
  const id = useId();
  return (
    <div className="search-page__picker">
      <label htmlFor={id}>{t('page.sort')}</label>
      <select id={id} className="field__input" value={sort} onChange={(e) => onPick(e.target.value as Sort)}>
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {t(`page.sorts.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
