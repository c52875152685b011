import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteProductGalleryItemDocument, ReorderProductGalleryDocument, type ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { galleryProblem, MAX_GALLERY, thumbnailProblem, type FileProblem } from '../utils/product-rules';
import { uploadErrorMessage, uploadForm } from '../../../lib/upload';

type Item = ProductDetailsFieldsFragment['gallery'][number];

/** docs/product.md#limits: the gallery status message is cleared after 3 s. */
export const GALLERY_STATUS_MS = 3000;

interface GalleryEditorProps {
  product: ProductDetailsFieldsFragment;
  /** After an upload through the REST shim: reload the product. */
  onUploaded: () => Promise<unknown>;
}

/** A drag that carries files from outside the page (not a gallery item being reordered). */
const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The edit form's thumbnail and gallery: replace the thumbnail, add files, remove one, and drag (or
 * move with buttons) to reorder; every change is saved at once (docs/product.md#states-and-transitions).
 */
export function GalleryEditor({ product, onUploaded }: GalleryEditorProps) {
  const { t } = useTranslation('products');
  const [items, setItems] = useState<Item[]>(product.gallery);
  const [status, setStatus] = useState<{ kind: 'error' | 'notice'; text: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const dragFrom = useRef<number | null>(null);
  const [dropOver, setDropOver] = useState(false);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [reorder] = useMutation(ReorderProductGalleryDocument);
  const [removeItem] = useMutation(DeleteProductGalleryItemDocument);

  // The server's gallery wins whenever it changes (after an upload, a removal or a saved order).
  const serverOrder = product.gallery.map((g) => g.id).join(',');
  const [syncedOrder, setSyncedOrder] = useState(serverOrder);
  if (syncedOrder !== serverOrder) {
    setSyncedOrder(serverOrder);
    setItems(product.gallery);
  }
  useEffect(() => () => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
  }, []);

  const show = (kind: 'error' | 'notice', text: string, clearAfter = false) => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setStatus({ kind, text });
    if (clearAfter) clearTimer.current = setTimeout(() => setStatus(null), GALLERY_STATUS_MS);
  };
  const problemText = (p: FileProblem) => (p.key === 'tooManyGallery' ? t('gallery.maxAdd') : t(`form.${p.key}`, p.values ?? {}));

  const saveOrder = async (next: Item[]) => {
    const before = items;
    setItems(next);
    show('notice', t('gallery.saving'));
    try {
      await reorder({ variables: { id: product.id, itemIds: next.map((g) => g.id) } });
      show('notice', t('gallery.saved'), true);
    } catch {
      setItems(before);
      show('error', t('gallery.saveFailed'));
    }
  };

  const remove = async (item: Item) => {
    try {
      await removeItem({ variables: { id: product.id, itemId: item.id } });
      show('notice', t('gallery.removed'), true);
    } catch {
      show('error', t('gallery.removeFailed'));
    }
  };

  const upload = async (method: 'POST' | 'PUT', path: string, field: string, files: File[], done: string) => {
    const form = new FormData();
    for (const file of files) form.append(field, file);
    setProgress(0);
    try {
      await uploadForm(method, `/seller/products/${product.id}${path}`, form, setProgress);
      await onUploaded();
      show('notice', done, true);
    } catch (failure) {
      show('error', uploadErrorMessage(failure, t));
    } finally {
      setProgress(null);
    }
  };

  const onAdd = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    addFiles(files);
  };

  /** Chosen or dropped: uploaded at once when they fit the gallery. */
  const addFiles = (files: File[]) => {
    if (!files.length || progress !== null) return;
    const problem = galleryProblem(files, items.length);
    if (problem) return show('error', problemText(problem));
    void upload('POST', '/gallery/add', 'gallery', files, t('gallery.added'));
  };

  const onThumbnail = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = thumbnailProblem(file);
    if (problem) return show('error', problemText(problem));
    void upload('PUT', '/thumbnail', 'thumbnail', [file], t('gallery.thumbnailReplaced'));
  };

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = dragFrom.current;
    dragFrom.current = null;
    if (from === null || from === to) return;
    void saveOrder(move(items, from, to));
  };

  const busy = progress !== null;
  return (
    <section className="gallery-editor" aria-labelledby="gallery-editor-title">
      <h2 id="gallery-editor-title">{t('gallery.title')}</h2>
      <div className="gallery-editor__thumbnail">
        <h3>{t('gallery.thumbnail')}</h3>
        {product.thumbnail ? <img src={product.thumbnail.sm} alt="" width={160} /> : null}
        <label className="button button--secondary file-button">
          {t('gallery.replaceThumbnail')}
          <input type="file" accept="image/jpeg,image/png,image/gif,image/webp" className="visually-hidden" disabled={busy} onChange={(e) => onThumbnail(e.currentTarget)} />
        </label>
      </div>

      <h3>{t('gallery.items')}</h3>
      <p className="field__hint">{t('gallery.dragHint')}</p>
      {items.length === 0 ? <p>{t('gallery.empty')}</p> : null}
      <ol className="gallery-editor__list">
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <li
              key={item.id}
              className="gallery-editor__item"
              draggable
              data-testid="gallery-item"
              onDragStart={(event) => {
                dragFrom.current = index;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.id);
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
            >
              {item.urls ? (
                <img src={item.urls.sm} alt="" width={120} height={90} />
              ) : (
                <span className="gallery-editor__file">{t(`gallery.itemTypes.${item.itemType === 'video' || item.itemType === 'obj' ? item.itemType : 'other'}`)}</span>
              )}
              <div className="gallery-editor__actions">
                <button type="button" className="icon-button" aria-label={t('gallery.moveEarlier', { n })} disabled={index === 0} onClick={() => void saveOrder(move(items, index, index - 1))}>
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('gallery.moveLater', { n })}
                  disabled={index === items.length - 1}
                  onClick={() => void saveOrder(move(items, index, index + 1))}
                >
                  ↓
                </button>
                <button type="button" className="button button--secondary" aria-label={t('gallery.remove', { n })} onClick={() => void remove(item)}>
                  ×
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {items.length < MAX_GALLERY ? (
        <div
          className={['drop-zone', dropOver ? 'drop-zone--over' : ''].filter(Boolean).join(' ')}
          data-testid="gallery-drop-zone"
          onDragEnter={(event) => {
            if (hasFiles(event)) setDropOver(true);
          }}
          onDragOver={(event) => {
            if (hasFiles(event)) event.preventDefault();
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropOver(false);
          }}
          onDrop={(event) => {
            if (!hasFiles(event)) return;
            event.preventDefault();
            setDropOver(false);
            addFiles(Array.from(event.dataTransfer.files ?? []));
          }}
        >
          <span className="drop-zone__text" aria-hidden="true">
            {t('pictures.dropHere')}
          </span>
          <label className="button button--secondary file-button">
            {t('gallery.add')}
            <input type="file" multiple className="visually-hidden" disabled={busy} onChange={(e) => onAdd(e.currentTarget)} />
          </label>
        </div>
      ) : (
        <p>{t('gallery.full')}</p>
      )}
      {busy ? (
        <p role="status">
          <progress className="upload-progress" max={100} value={progress} aria-label={t('form.progress')} /> {t('gallery.uploading', { percent: progress })}
        </p>
      ) : null}
      {status ? (
        <p className={status.kind === 'error' ? 'form-error' : 'form-notice'} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
