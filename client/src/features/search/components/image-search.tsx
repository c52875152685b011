import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraIcon, CloseIcon } from '../../../components/ui/icons';
import { checkPickedImages, MAX_SEARCH_IMAGES, type ImagePickProblem } from '../utils/image-rules';
import { fromRestResult, type ResultCardData } from '../utils/result-card-data';
import { ResultCard } from './result-card';

interface Picked {
  id: number;
  file: File;
  url: string;
}

let picks = 0;

/** Photo search asks for this many results at once (the API's largest page). */
const PHOTO_RESULTS = 50;

/**
 * The image search overlay and its results (SPEC.md sections 2 and 5): up to 2 images under 5 MB
 * each, optional text; 'Found N products matching your images' or a no-results state.
 */
export function ImageSearch({ onOpenProduct }: { onOpenProduct: (id: string) => void }) {
  const { t, i18n } = useTranslation('search');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<{ total: number; items: ResultCardData[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
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

  const search = async () => {
    if (!picked.length && !text.trim()) {
      setMessage(t('image.nothing'));
      return;
    }
    setBusy(true);
    setMessage(null);
    const form = new FormData();
    form.append('body', JSON.stringify({ query: text.trim(), limit: PHOTO_RESULTS, force_original: false }));
    for (const p of picked) form.append('images', p.file, p.file.name);
    try {
      const res = await fetch('/products/search', { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json', 'x-locale': i18n.language } });
      const body: unknown = await res.json().catch(() => null);
      const answer = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (!res.ok) {
        setMessage(res.status < 500 && typeof answer.message === 'string' ? answer.message : t('image.failed'));
        return;
      }
      const items = (Array.isArray(answer.results) ? answer.results : []).map(fromRestResult).filter((r): r is ResultCardData => r !== null);
      setFound({ total: typeof answer.total_count === 'number' ? answer.total_count : items.length, items });
    } catch {
      setMessage(t('image.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (found) {
    return (
      <section className="image-results" aria-labelledby="image-results-title">
        <h3 id="image-results-title" className="image-results__title">
          {found.total > 0 ? t('image.found', { count: found.total }) : t('image.noResults')}
        </h3>
        {found.total > 0 ? (
          <div className="result-grid">
            {found.items.map((item) => (
              <ResultCard key={item.id} item={item} onOpen={onOpenProduct} />
            ))}
          </div>
        ) : (
          <p className="search-chat__hint">{t('image.noResultsHint')}</p>
        )}
        <button type="button" className="button button--secondary" onClick={() => setFound(null)}>
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
        void search();
      }}
    >
      <p className="search-chat__hint">{t('image.hint', { max: MAX_SEARCH_IMAGES })}</p>
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
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t('image.searching') : t('image.search')}
      </button>
    </form>
  );
}
