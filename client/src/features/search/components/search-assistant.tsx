import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preloadable } from '../../../components/lazy/preloadable';
import { KeyboardIcon, MicIcon } from '../../../components/ui/icons';
import { MIN_SHOWN_FOR_MORE, useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useSearchAssistant } from '../hooks/use-search-assistant';
import { useServerSpeech } from '../hooks/use-server-speech';
import { useSpeechRecognition } from '../hooks/use-speech-recognition';
import { useSpokenReplies } from '../hooks/use-spoken-replies';
import { filterChips, type FilterKey } from '../utils/filter-chips';
import { searchPath } from '../utils/search-address';
import { fromGraphqlResult } from '../utils/result-card-data';
import { FilterChipList } from './filter-chip-list';
import { RelaxedNotes } from './relaxed-notes';
import { ResultCard } from './result-card';
import { ResultsFooter } from './results-footer';

// Only on a product page, after a question about a quantity: a chunk of its own, fetched when the assistant opens there.
const PriceAnswer = preloadable(() => import('./price-answer').then((m) => m.PriceAnswer));

/** Quick answers to the assistant's follow-up questions (what it understands as answers: docs/search.md). */
const QUICK_REPLIES: Record<string, readonly string[]> = {
  industry: ['quick.industry.office', 'quick.industry.restaurant', 'quick.any'],
  brand: ['quick.any'],
  price: ['quick.price.under', 'quick.price.between', 'quick.price.over', 'quick.any'],
};

interface SearchAssistantProps {
  /** Opened in voice mode: start listening at once. */
  startListening: boolean;
  /** Opened to search this at once (a category picked on the home page). */
  initialQuery?: string | null;
  onBuyProduct: (id: string) => void;
  /** The results page opened from the assistant (the overlay closes). */
  onOpenPage?: () => void;
  /** The product page it was opened from: a quantity question ('how much for 500?') is answered with its price. */
  productId?: string | null;
}

/**
 * The search assistant: what the buyer said, the assistant's replies and follow-up questions,
 * the current search's chips and products (loaded page by page as the buyer scrolls), typed or
 * spoken input, replies read aloud.
 */
export function SearchAssistant({ startListening, initialQuery = null, onBuyProduct, onOpenPage, productId = null }: SearchAssistantProps) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language === 'hi' ? 'hi-IN' : 'en-US';
  const spoken = useSpokenReplies(lang, startListening);
  const { state, busy, loadingMore, moreFailed, send, removeFilter, loadMore, retry } = useSearchAssistant(spoken.speak, productId);
  const speech = useSpeechRecognition(lang, (text) => void send(text));
  const [draft, setDraft] = useState('');
  // No recogniser in this browser: the server writes out what was said (speech on), or the mic says 'type instead'.
  const server = useServerSpeech(!speech.supported, i18n.language === 'hi' ? 'hi' : 'en', (text) => {
    setDraft(text);
    textRef.current?.focus();
  });
  const [typeInstead, setTypeInstead] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const started = useRef(false);
  useEffect(() => {
    if (productId) void PriceAnswer.preload().catch(() => undefined);
  }, [productId]);

  const asked = useRef(false);
  useEffect(() => {
    if (!initialQuery || asked.current) return;
    asked.current = true;
    void send(initialQuery);
  }, [initialQuery, send]);

  useEffect(() => {
    if (!startListening || started.current) return;
    started.current = true;
    if (speech.supported) speech.start();
    else setTypeInstead(true);
  }, [startListening, speech]);

  // docs/product.md#states-and-transitions: products appearing in the assistant stop recognition.
  const shown = state.results.length;
  useEffect(() => {
    if (shown > 0) speech.stop();
  }, [shown]);

  // Bring the newest entry to the top of the log: its products follow below it, and the buyer
  // scrolls on to them (which is what loads more).
  useEffect(() => {
    const entries = logRef.current?.querySelectorAll<HTMLElement>('.assistant-entry');
    entries?.[entries.length - 1]?.scrollIntoView?.({ block: 'start' });
  }, [state.entries.length]);

  useInfiniteScroll(sentinelRef, shown >= MIN_SHOWN_FOR_MORE && state.search?.hasMore === true && !loadingMore && !moreFailed, () => void loadMore(), logRef);

  const submit = () => {
    if (!draft.trim()) return;
    void send(draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  };
  const toggleMic = () => {
    if (speech.listening) speech.stop();
    else if (speech.supported) speech.start();
    else if (server.available) server.toggle();
    else {
      setTypeInstead(true);
      textRef.current?.focus();
    }
  };
  const typeOnly = !speech.supported && !server.available;
  const micLabel = speech.listening ? t('voice.stop') : speech.supported ? t('voice.start') : server.available ? (server.recording ? t('voice.sendSpoken') : t('voice.start')) : t('voice.typeInstead');

  const lastAssistant = state.entries.map((e) => e.role).lastIndexOf('assistant');
  const chips = state.search ? filterChips(state.search.filters, t) : [];

  return (
    <div className="search-assistant">
      <div className="search-assistant__log" ref={logRef} aria-live="polite">
        {state.entries.length === 0 ? <p className="search-assistant__hint">{t(productId ? 'assistant.hintOnProduct' : 'assistant.hint')}</p> : null}
        {state.entries.map((entry, index) => (
          <div key={entry.id} className={`assistant-entry assistant-entry--${entry.role}`}>
            {entry.failed ? (
              <div className="assistant-bubble assistant-bubble--failed" role="alert">
                <p>{entry.text}</p>
                {index === state.entries.length - 1 ? (
                  <button type="button" className="button button--secondary" disabled={busy} onClick={retry}>
                    {t('assistant.retry')}
                  </button>
                ) : null}
              </div>
            ) : (
              <p className="assistant-bubble">{entry.text}</p>
            )}
            {entry.price ? (
              <Suspense fallback={null}>
                <PriceAnswer price={entry.price} />
              </Suspense>
            ) : null}
            {entry.prompt ? <p className="assistant-bubble assistant-bubble--prompt">{entry.prompt}</p> : null}
            {index === state.entries.length - 1 && entry.prompt && entry.promptKind && QUICK_REPLIES[entry.promptKind] ? (
              <div className="quick-replies" role="group" aria-label={t('assistant.quickReplies')}>
                {QUICK_REPLIES[entry.promptKind].map((key) => (
                  <button key={key} type="button" className="quick-reply" disabled={busy} onClick={() => void send(t(key as 'quick.any'))}>
                    {t(key as 'quick.any')}
                  </button>
                ))}
              </div>
            ) : null}
            {entry.productsShown ? <p className="assistant-entry__shown">{t('assistant.productsShown', { count: entry.productsShown })}</p> : null}
            {index === lastAssistant && entry.original ? (
              <button type="button" className="button button--ghost assistant-entry__original" disabled={busy} onClick={() => void send(entry.original!, true)}>
                {t('assistant.searchOriginal', { text: entry.original })}
              </button>
            ) : null}
            {index === lastAssistant && state.search ? (
              <div className="assistant-results">
                {state.search.queryEnhanced ? <p className="assistant-results__query">{t('assistant.searchedFor', { text: state.search.queryEnhanced })}</p> : null}
                {state.searched?.text ? (
                  <Link className="assistant-results__page" to={searchPath({ q: state.searched.text, without: state.searched.without as FilterKey[] })} onClick={onOpenPage}>
                    {t('assistant.openPage')}
                  </Link>
                ) : null}
                <RelaxedNotes search={state.search} />
                <FilterChipList chips={chips} onRemove={(key) => void removeFilter(key)} disabled={busy} />
                {state.searched?.text ? (
                  <Link className="assistant-results__page" to={`/rfqs/new?text=${encodeURIComponent(state.searched.text)}`} onClick={onOpenPage}>
                    {t('requirement.assistant')}
                  </Link>
                ) : null}
                {state.results.length ? (
                  <div className="result-grid">
                    {state.results.map((r) => (
                      <ResultCard key={r.product.id} item={fromGraphqlResult(r)} onBuy={onBuyProduct} />
                    ))}
                  </div>
                ) : null}
                {state.search.hasMore ? <div ref={sentinelRef} className="assistant-results__sentinel" data-testid="load-more-sentinel" /> : null}
                <ResultsFooter loadingMore={loadingMore} moreFailed={moreFailed} onRetry={() => void loadMore()} shown={state.results.length} hasMore={state.search.hasMore} />
              </div>
            ) : null}
          </div>
        ))}
        {busy ? <p className="search-assistant__status">{t('assistant.searching')}</p> : null}
      </div>

      {typeOnly && typeInstead ? (
        <p id="search-assistant-type-why" className="search-assistant__status" role="status">
          {t('voice.typeInsteadWhy')}
        </p>
      ) : null}
      {server.recording ? (
        <p className="search-assistant__status" role="status">
          {t('voice.recordingSpoken')}
        </p>
      ) : null}
      {server.writing ? (
        <p className="search-assistant__status" role="status">
          {t('voice.writingSpoken')}
        </p>
      ) : null}
      {server.error ? (
        <p className="form-error" role="alert">
          {server.error}
        </p>
      ) : null}
      <form
        className="search-assistant__input"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <button
          type="button"
          className={`search-assistant__mic${speech.listening || server.recording ? ' search-assistant__mic--on' : ''}`}
          onClick={toggleMic}
          aria-pressed={typeOnly ? undefined : speech.listening || server.recording}
          aria-label={micLabel}
          aria-describedby={typeOnly && typeInstead ? 'search-assistant-type-why' : undefined}
          disabled={server.writing}
        >
          {typeOnly ? <KeyboardIcon /> : <MicIcon />}
        </button>
        <label className="visually-hidden" htmlFor="search-assistant-text">
          {t('assistant.textLabel')}
        </label>
        <textarea
          ref={textRef}
          id="search-assistant-text"
          className="search-assistant__text"
          rows={1}
          value={speech.listening ? speech.heard : draft}
          placeholder={speech.listening ? t('voice.listening') : t('assistant.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          readOnly={speech.listening}
        />
        <button type="submit" className="button button--primary" disabled={busy || !draft.trim() || speech.listening}>
          {t('assistant.send')}
        </button>
      </form>
      {speech.status !== 'idle' ? (
        // What the microphone is doing: listening, heard nothing (after 8 s at most), or blocked; typing is offered.
        <div className={`search-assistant__voice search-assistant__voice--${speech.status}`}>
          <p role="status">{speech.status === 'listening' ? t('voice.listening') : speech.status === 'blocked' ? t('voice.blocked') : t('voice.nothing')}</p>
          {speech.status === 'listening' ? null : (
            <div className="search-assistant__voice-actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  speech.dismiss();
                  textRef.current?.focus();
                }}
              >
                {t('voice.typeInstead')}
              </button>
              {speech.status === 'nothing' ? (
                <button type="button" className="button button--ghost" onClick={speech.start}>
                  {t('voice.again')}
                </button>
              ) : null}
            </div>
          )}
        </div>
      ) : null}
      {spoken.available ? (
        <div className="search-assistant__speak">
          <label>
            <input type="checkbox" role="switch" checked={spoken.enabled} onChange={spoken.toggle} aria-describedby="search-assistant-speak-hint" /> {t('voice.readAloud')}
          </label>
          <p id="search-assistant-speak-hint">{t('voice.readAloudHint')}</p>
        </div>
      ) : null}
    </div>
  );
}
