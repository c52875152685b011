import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, CloseIcon } from '../../../components/ui/icons';
import { localeHeaders } from '../../../lib/apollo-client';
import { MIN_SHOWN_FOR_MORE, useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { filterChips, fromRestFilters, searchedAsSaid, type FilterKey, type Filters } from '../utils/filter-chips';
import { checkPickedImages, MAX_SEARCH_IMAGES, type ImagePickProblem } from '../utils/image-rules';
import { fromRestResult, type ResultCardData } from '../utils/result-card-data';
import { FilterChipList } from './filter-chip-list';
import { ResultCard } from './result-card';
import { ResultsFooter } from './results-footer';
import { FormError } from '../../../components/ui/form-error';

interface Picked {
  id: number;
  file: File;
  url: string;
}

let picks = 0;

/** Photo results come in pages of 10, like text results (docs/product.md#limits). */
export const PHOTO_PAGE_SIZE = 10;

/** What the current photo search sends, besides the photos. */
interface PhotoRequest {
  text: string;
  /** Chips the buyer removed (sent as without_filters). */
  without: FilterKey[];
  /** Search the words as typed, without understanding them (force_original). */
  asSaid: boolean;
}

interface PhotoResults {
  total: number;
  items: ResultCardData[];
  filters: Filters;
  queryEnhanced: string;
  hasMore: boolean;
}

/**
 * The image search overlay and its results (docs/product.md#overlays and #validation): up to 2 images under 5 MB
 * each, optional text; 'Found N products matching your images' or a no-results state. The words'
 * filters show as chips the buyer can remove; more results load as the buyer scrolls.
 */
export function ImageSearch({ onBuyProduct }: { onBuyProduct: (id: string) => void }) {
  const { t } = useTranslation('search');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [found, setFound] = useState<PhotoResults | null>(null);
  const [request, setRequest] = useState<PhotoRequest | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const urls = useRef<string[]>([]);

  useEffect(() => () => urls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const problemText = (p: ImagePickProblem) =>
    p.kind === 'notImage'
      ? t('image.notImage')
      : p.kind === 'full'
        ? t('image.full')
        : p.kind === 'onlyMore'
          ? t('image.onlyMore', { count: p.count })
          : t('image.tooLarge');

  const pick = (files: FileList | null) => {
    const list = files ? Array.from(files) : [];
    if (!list.length) return;
    const { problem } = checkPickedImages(list, picked.length);
    if (problem) {
      setMessage(problemText(problem));
      return;
    }
    const added = list.map((file) => {
      const url = URL.createObjectURL(file);
      urls.current.push(url);
      picks += 1;
      return { id: picks, file, url };
    });
    setPicked((p) => [...p, ...added]);
    setMessage(null);
  };

  /** One page of results (photo search is stateless: the photos go with every page). */
  const fetchPage = async (req: PhotoRequest, offset: number): Promise<PhotoResults | string> => {
    const form = new FormData();
    const body = { query: req.text, limit: PHOTO_PAGE_SIZE, offset, force_original: req.asSaid, without_filters: req.without };
    form.append('body', JSON.stringify(body));
    for (const p of picked) form.append('images', p.file, p.file.name);
    try {
      const res = await fetch('/products/search', { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json', ...localeHeaders() } });
      const answer: unknown = await res.json().catch(() => null);
      const a = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
      if (!res.ok) return res.status < 500 && typeof a.message === 'string' ? a.message : t('image.failed');
      const items = (Array.isArray(a.results) ? a.results : []).map(fromRestResult).filter((r): r is ResultCardData => r !== null);
      const total = typeof a.total_count === 'number' ? a.total_count : items.length;
      return {
        total,
        items,
        filters: fromRestFilters(a.filters),
        queryEnhanced: typeof a.query_enhanced === 'string' ? a.query_enhanced : '',
        hasMore: typeof a.has_more === 'boolean' ? a.has_more : offset + items.length < total,
      };
    } catch {
      return t('image.failed');
    }
  };

  /** Runs a search from its first page (a new search, a removed chip, the words as typed). */
  const run = async (req: PhotoRequest) => {
    setBusy(true);
    setMessage(null);
    const page = await fetchPage(req, 0);
    setBusy(false);
    if (typeof page === 'string') {
      if (found) setFound({ ...found, hasMore: false });
      setMessage(page);
      return;
    }
    setRequest(req);
    setFound(page);
  };

  const search = () => {
    if (!picked.length && !text.trim()) {
      setMessage(t('image.nothing'));
      return;
    }
    void run({ text: text.trim(), without: [], asSaid: false });
  };

  const loadMore = async () => {
    if (!found || !request || !found.hasMore || loadingMore || busy) return;
    setLoadingMore(true);
    setMoreFailed(false);
    const page = await fetchPage(request, found.items.length);
    setLoadingMore(false);
    setFound((cur) => {
      if (!cur) return cur;
      // A failed page is said, with Try again (scrolling does not retry by itself).
      if (typeof page === 'string') {
        setMoreFailed(true);
        return cur;
      }
      const known = new Set(cur.items.map((i) => i.id));
      return { ...page, items: [...cur.items, ...page.items.filter((i) => !known.has(i.id))] };
    });
  };

  const shown = found?.items.length ?? 0;
  useInfiniteScroll(sentinelRef, shown >= MIN_SHOWN_FOR_MORE && found?.hasMore === true && !loadingMore && !busy && !moreFailed, () => void loadMore());

  if (found && request) {
    const chips = filterChips(found.filters, t);
    const offerAsSaid = !request.asSaid && request.text !== '' && !searchedAsSaid(request.text, found.queryEnhanced, found.filters);
    return (
      <section className="image-results" aria-labelledby="image-results-title">
        <h3 id="image-results-title" className="image-results__title">
          {found.total > 0 ? t('image.found', { count: found.total }) : t('image.noResults')}
        </h3>
        <FilterChipList chips={chips} onRemove={(key) => void run({ ...request, without: [...request.without, key] })} disabled={busy} />
        {offerAsSaid ? (
          <button type="button" className="button button--ghost image-results__original" disabled={busy} onClick={() => void run({ text: request.text, without: [], asSaid: true })}>
            {t('assistant.searchOriginal', { text: request.text })}
          </button>
        ) : null}
        <FormError message={message} />
        {found.total > 0 ? (
          <div className="result-grid">
            {found.items.map((item) => (
              <ResultCard key={item.id} item={item} onBuy={onBuyProduct} />
            ))}
          </div>
        ) : (
          <p className="search-assistant__hint">{t('image.noResultsHint')}</p>
        )}
        {found.hasMore ? <div ref={sentinelRef} className="assistant-results__sentinel" data-testid="image-load-more-sentinel" /> : null}
        <ResultsFooter loadingMore={loadingMore} moreFailed={moreFailed} onRetry={() => void loadMore()} shown={found.items.length} hasMore={found.hasMore} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setFound(null);
            setRequest(null);
          }}
        >
          {t('image.again')}
        </button>
      </section>
    );
  }

  return (
    <form
      className="image-search"
      onSubmit={(event) => {
        event.preventDefault();
        search();
      }}
    >
      <p className="search-assistant__hint">{t('image.hint', { max: MAX_SEARCH_IMAGES })}</p>
      <div className="image-search__picked">
        {picked.map((p, i) => (
          <figure key={p.id} className="image-search__thumb">
            <img src={p.url} alt={t('image.chosen', { number: i + 1 })} />
            <button
              type="button"
              className="icon-button"
              onClick={() => setPicked((list) => list.filter((x) => x.id !== p.id))}
              aria-label={t('image.remove', { number: i + 1 })}
            >
              <CloseIcon />
            </button>
          </figure>
        ))}
        {picked.length < MAX_SEARCH_IMAGES ? (
          <button type="button" className="image-search__add" onClick={() => inputRef.current?.click()}>
            <CameraIcon />
            <span>{t('image.add')}</span>
          </button>
        ) : null}
      </div>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept="image/*"
        multiple
        data-testid="image-search-input"
        aria-label={t('image.add')}
        onChange={(event) => {
          pick(event.target.files);
          event.target.value = '';
        }}
      />
      <label className="image-search__text">
        <span>{t('image.textLabel')}</span>
        <input type="text" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('image.textPlaceholder')} />
      </label>
      <FormError message={message} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('image.searching') : t('image.search')}
      </button>
    </form>
  );
}
