import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MicIcon } from '../../../components/ui/icons';
import { MIN_SHOWN_FOR_MORE, useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { useSearchChat } from '../hooks/use-search-chat';
import { useSpeechRecognition } from '../hooks/use-speech-recognition';
import { useSpokenReplies } from '../hooks/use-spoken-replies';
import { filterChips } from '../utils/filter-chips';
import { fromGraphqlResult } from '../utils/result-card-data';
import { FilterChipList } from './filter-chip-list';
import { ResultCard } from './result-card';

interface SearchChatProps {
  /** Opened in voice mode: start listening at once. */
  startListening: boolean;
  onOpenProduct: (id: string) => void;
}

/**
 * The search assistant's conversation: messages, the assistant's replies and follow-up questions,
 * the current search's chips and products (loaded page by page as the buyer scrolls), typed or
 * spoken input, replies read aloud.
 */
export function SearchChat({ startListening, onOpenProduct }: SearchChatProps) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language === 'hi' ? 'hi-IN' : 'en-US';
  const spoken = useSpokenReplies(lang);
  const { state, busy, loadingMore, send, removeFilter, loadMore } = useSearchChat(spoken.speak);
  const speech = useSpeechRecognition(lang, (text) => void send(text));
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!startListening || started.current) return;
    started.current = true;
    if (speech.supported) speech.start();
    else window.alert(t('voice.unsupported'));
  }, [startListening, speech, t]);

  // SPEC.md section 4: products appearing in the chat stop recognition.
  const shown = state.results.length;
  useEffect(() => {
    if (shown > 0) speech.stop();
  }, [shown]);

  // Bring the newest message to the top of the log: its products follow below it, and the buyer
  // scrolls on to them (which is what loads more).
  useEffect(() => {
    const entries = logRef.current?.querySelectorAll<HTMLElement>('.chat-entry');
    entries?.[entries.length - 1]?.scrollIntoView?.({ block: 'start' });
  }, [state.entries.length]);

  useInfiniteScroll(sentinelRef, shown >= MIN_SHOWN_FOR_MORE && state.search?.hasMore === true && !loadingMore, () => void loadMore(), logRef);

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
    else window.alert(t('voice.unsupported'));
  };

  const lastAssistant = state.entries.map((e) => e.role).lastIndexOf('assistant');
  const chips = state.search ? filterChips(state.search.filters, t) : [];

  return (
    <div className="search-chat">
      <div className="search-chat__log" ref={logRef} aria-live="polite">
        {state.entries.length === 0 ? <p className="search-chat__hint">{t('chat.hint')}</p> : null}
        {state.entries.map((entry, index) => (
          <div key={entry.id} className={`chat-entry chat-entry--${entry.role}`}>
            <p className="chat-bubble">{entry.text}</p>
            {entry.prompt ? <p className="chat-bubble chat-bubble--prompt">{entry.prompt}</p> : null}
            {entry.productsShown ? <p className="chat-entry__shown">{t('chat.productsShown', { count: entry.productsShown })}</p> : null}
            {index === lastAssistant && entry.original ? (
              <button type="button" className="button button--ghost chat-entry__original" disabled={busy} onClick={() => void send(entry.original!, true)}>
                {t('chat.searchOriginal', { text: entry.original })}
              </button>
            ) : null}
            {index === lastAssistant && state.search ? (
              <div className="chat-results">
                {state.search.queryEnhanced ? <p className="chat-results__query">{t('chat.searchedFor', { text: state.search.queryEnhanced })}</p> : null}
                <FilterChipList chips={chips} onRemove={(key) => void removeFilter(key)} disabled={busy} />
                {state.results.length ? (
                  <div className="result-grid">
                    {state.results.map((r) => (
                      <ResultCard key={r.product.id} item={fromGraphqlResult(r)} onOpen={onOpenProduct} />
                    ))}
                  </div>
                ) : null}
                {state.search.hasMore ? <div ref={sentinelRef} className="chat-results__sentinel" data-testid="load-more-sentinel" /> : null}
                {loadingMore ? <p className="search-chat__status">{t('chat.loadingMore')}</p> : null}
              </div>
            ) : null}
          </div>
        ))}
        {busy ? <p className="search-chat__status">{t('chat.searching')}</p> : null}
      </div>

      <form
        className="search-chat__input"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <button
          type="button"
          className={`search-chat__mic${speech.listening ? ' search-chat__mic--on' : ''}`}
          onClick={toggleMic}
          aria-pressed={speech.listening}
          aria-label={speech.listening ? t('voice.stop') : t('voice.start')}
        >
          <MicIcon />
        </button>
        <label className="visually-hidden" htmlFor="search-chat-message">
          {t('chat.messageLabel')}
        </label>
        <textarea
          id="search-chat-message"
          className="search-chat__text"
          rows={1}
          value={speech.listening ? speech.heard : draft}
          placeholder={speech.listening ? t('voice.listening') : t('chat.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          readOnly={speech.listening}
        />
        <button type="submit" className="button button--primary" disabled={busy || !draft.trim() || speech.listening}>
          {t('chat.send')}
        </button>
      </form>
      {spoken.available ? (
        <label className="search-chat__speak">
          <input type="checkbox" checked={spoken.enabled} onChange={spoken.toggle} /> {t('voice.readAloud')}
        </label>
      ) : null}
    </div>
  );
}
