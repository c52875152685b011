import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RfqFieldsFragment } from '../../../graphql/generated';

/** The most photos a requirement takes, and the size each must stay under (as the server checks them). */
export const MAX_PHOTOS = 3;
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A requirement's photos on its card: small pictures, each opening the large one. */
export function RfqPhotoStrip({ photos }: { photos: RfqFieldsFragment['photos'] }) {
  const { t } = useTranslation('rfqs');
  if (!photos.length) return null;
  return (
    <ul className="rfq-photos" aria-label={t('photos.listLabel')}>
      {photos.map((p, i) => (
        <li key={p.lg}>
          <a href={p.lg} target="_blank" rel="noopener" aria-label={t('photos.open', { n: i + 1, count: photos.length })}>
            <img src={p.sm} alt="" width={96} height={72} loading="lazy" decoding="async" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The draft's photos (up to 3): picked from the phone's gallery or camera, each shown small with a button
 * to remove it. A file that is no picture, too large, or past the third is refused here with its reason
 * (the server checks the same again).
 */
export function RfqPhotoPicker({ files, onChange, onProblem, disabled }: { files: File[]; onChange: (files: File[]) => void; onProblem: (message: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('rfqs');
  const input = useRef<HTMLInputElement>(null);
  // Previews of the chosen files (none where the browser cannot make one).
  const urls = useMemo(() => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => urls.forEach((u) => u && URL.revokeObjectURL(u)), [urls]);

  const add = (picked: FileList | null) => {
    const chosen = [...(picked ?? [])];
    if (input.current) input.current.value = '';
    if (!chosen.length) return;
    const bad = chosen.find((f) => !PHOTO_TYPES.includes(f.type));
    if (bad) return onProblem(t('photos.notAPicture', { name: bad.name }));
    const big = chosen.find((f) => f.size >= PHOTO_MAX_BYTES);
    if (big) return onProblem(t('photos.tooLarge', { name: big.name }));
    if (files.length + chosen.length > MAX_PHOTOS) return onProblem(t('photos.tooMany', { max: MAX_PHOTOS }));
    onProblem(null);
    onChange([...files, ...chosen]);
  };

  return (
    <div className="rfq-photo-picker" role="group" aria-labelledby="rfq-photos-label">
      <p id="rfq-photos-label" className="field__label">
        {t('photos.label', { count: files.length, max: MAX_PHOTOS })}
      </p>
      {files.length ? (
        <ul className="rfq-photos">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}-${f.size}`} className="rfq-photos__item">
              {urls[i] ? <img src={urls[i]} alt={t('photos.preview', { n: i + 1 })} width={96} height={72} /> : <span className="rfq-photos__name">{f.name}</span>}
              <button type="button" className="rfq-photos__remove" aria-label={t('photos.remove', { n: i + 1, name: f.name })} disabled={disabled} onClick={() => onChange(files.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {files.length < MAX_PHOTOS ? (
        <>
          <input ref={input} id="rfq-photo-input" className="visually-hidden" type="file" accept={PHOTO_TYPES.join(',')} multiple disabled={disabled} onChange={(e) => add(e.target.files)} />
          <label htmlFor="rfq-photo-input" className="button button--secondary rfq-photo-picker__add">
            {t('photos.add')}
          </label>
        </>
      ) : null}
    </div>
  );
}
