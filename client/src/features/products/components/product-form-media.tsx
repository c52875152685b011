import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteProductGalleryItemDocument, ReorderProductGalleryDocument, type ProductDetailsFieldsFragment } from '../../../graphql/generated';
import { uploadErrorMessage, uploadForm } from '../../../lib/upload';
import { FIELD_IDS } from '../utils/product-form-values';
import { galleryProblem, MAX_GALLERY, thumbnailProblem, type FileProblem } from '../utils/product-rules';
import { chosenItems, MediaField, type MediaItem } from './media-field';

/** docs/product.md#limits: a stored listing's picture status is cleared after 3 s. */
export const GALLERY_STATUS_MS = 3000;
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/** The list with one item moved from one place to another. */
export const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** The words both picture fields use, new listing or stored. */
function useMediaWords() {
  const { t } = useTranslation('products');
  return {
    t,
    problemText: (p: FileProblem) => t(`form.${p.key}`, p.values ?? {}),
    thumbnail: { id: FIELD_IDS.thumbnail, label: t('form.thumbnail'), hint: t('form.thumbnailHint'), listLabel: t('pictures.mainChosen'), accept: IMAGE_TYPES },
    gallery: (count: number) => ({
      id: FIELD_IDS.gallery,
      label: t('form.gallery'),
      hint: `${t('form.galleryHint')} ${t('pictures.orderHint')} ${t('pictures.count', { count, max: MAX_GALLERY })}`,
      listLabel: t('form.chosenPictures'),
      multiple: true,
    }),
  };
}

interface NewMediaProps {
  thumbnail: File | null;
  gallery: File[];
  onThumbnail: (file: File | null) => void;
  onGallery: (files: File[]) => void;
  /** A field's message (by FIELD_IDS), or null; the form shows the problems of the files it is offered. */
  error: (id: string) => string | null;
  setError: (id: string, problem: FileProblem | null) => void;
  disabled: boolean;
}

/** A new listing's main picture and gallery: chosen files wait for the create upload, in the order shown. */
export function NewMedia({ thumbnail, gallery, onThumbnail, onGallery, error, setError, disabled }: NewMediaProps) {
  const words = useMediaWords();
  const { t } = words;

  /** Added to the gallery (after those already chosen), if all of them may be. */
  const addGallery = (files: File[]) => {
    const problem = galleryProblem(files, gallery.length);
    setError(FIELD_IDS.gallery, problem);
    if (!problem) onGallery([...gallery, ...files]);
  };
  /** Picked or dropped on the main picture: the first is the main picture, any others join the gallery. */
  const addThumbnail = (files: File[]) => {
    const [file, ...rest] = files;
    const problem = thumbnailProblem(file);
    setError(FIELD_IDS.thumbnail, problem);
    if (problem) return;
    onThumbnail(file);
    if (rest.length) addGallery(rest);
  };

  return (
    <>
      <MediaField
        {...words.thumbnail}
        buttonText={t('pictures.choosePicture')}
        items={thumbnail ? chosenItems([thumbnail]) : []}
        error={error(FIELD_IDS.thumbnail)}
        disabled={disabled}
        onAdd={addThumbnail}
        onRemove={() => onThumbnail(null)}
      />
      <MediaField
        {...words.gallery(gallery.length)}
        buttonText={t('pictures.choosePictures')}
        items={chosenItems(gallery)}
        error={error(FIELD_IDS.gallery)}
        disabled={disabled}
        onAdd={addGallery}
        onRemove={(index) => {
          onGallery(gallery.filter((_, i) => i !== index));
          setError(FIELD_IDS.gallery, null);
        }}
        onMove={(from, to) => onGallery(move(gallery, from, to))}
      />
    </>
  );
}

type StoredItem = ProductDetailsFieldsFragment['gallery'][number];

/**
 * A stored listing's main picture and gallery, saved at once (docs/product.md#states-and-transitions): a new
 * main picture replaces the old, files are added, removed and moved, each with its message.
 */
export function StoredMedia({ product, onUploaded }: { product: ProductDetailsFieldsFragment; onUploaded: () => Promise<unknown> }) {
  const words = useMediaWords();
  const { t } = words;
  const [items, setItems] = useState<StoredItem[]>(product.gallery);
  const [status, setStatus] = useState<{ field: 'thumbnail' | 'gallery'; kind: 'error' | 'notice'; text: string } | null>(null);
  const [progress, setProgress] = useState<{ field: 'thumbnail' | 'gallery'; percent: number } | null>(null);
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

  const show = (field: 'thumbnail' | 'gallery', kind: 'error' | 'notice', text: string, clearAfter = false) => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    setStatus({ field, kind, text });
    if (clearAfter) clearTimer.current = setTimeout(() => setStatus(null), GALLERY_STATUS_MS);
  };

  const saveOrder = async (next: StoredItem[]) => {
    const before = items;
    setItems(next);
    show('gallery', 'notice', t('gallery.saving'));
    try {
      await reorder({ variables: { id: product.id, itemIds: next.map((g) => g.id) } });
      show('gallery', 'notice', t('gallery.saved'), true);
    } catch {
      setItems(before);
      show('gallery', 'error', t('gallery.saveFailed'));
    }
  };

  const remove = async (item: StoredItem) => {
    try {
      await removeItem({ variables: { id: product.id, itemId: item.id } });
      show('gallery', 'notice', t('gallery.removed'), true);
    } catch {
      show('gallery', 'error', t('gallery.removeFailed'));
    }
  };

  const upload = async (field: 'thumbnail' | 'gallery', method: 'POST' | 'PUT', path: string, files: File[], done: string) => {
    const form = new FormData();
    for (const file of files) form.append(field, file);
    setProgress({ field, percent: 0 });
    try {
      await uploadForm(method, `/seller/products/${product.id}${path}`, form, (percent) => setProgress({ field, percent }));
      await onUploaded();
      show(field, 'notice', done, true);
    } catch (failure) {
      show(field, 'error', uploadErrorMessage(failure, t));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const fieldState = (field: 'thumbnail' | 'gallery') => ({
    status: status?.field === field ? { kind: status.kind, text: status.text } : null,
    progress: progress?.field === field ? progress.percent : null,
    progressLabel: t('form.progress'),
  });
  const stored = (g: StoredItem, n: number): MediaItem => {
    const kind = g.itemType === 'picture' || g.itemType === 'video' || g.itemType === 'obj' ? g.itemType : 'other';
    return { key: g.id, name: t('gallery.itemName', { kind: t(`gallery.itemTypes.${kind}`), n }), src: g.urls?.sm ?? null, kind: t(`gallery.itemTypes.${kind}`) };
  };

  return (
    <>
      <MediaField
        {...words.thumbnail}
        buttonText={t('pictures.replacePicture')}
        items={product.thumbnail ? [{ key: 'thumbnail', name: t('gallery.thumbnail'), src: product.thumbnail.sm }] : []}
        disabled={busy}
        onAdd={([file]) => {
          const problem = thumbnailProblem(file);
          if (problem) return show('thumbnail', 'error', words.problemText(problem));
          void upload('thumbnail', 'PUT', '/thumbnail', [file], t('gallery.thumbnailReplaced'));
        }}
        {...fieldState('thumbnail')}
      />
      <MediaField
        {...words.gallery(items.length)}
        buttonText={t('pictures.choosePictures')}
        items={items.map((g, index) => stored(g, index + 1))}
        disabled={busy}
        canAdd={items.length < MAX_GALLERY}
        onAdd={(files) => {
          const problem = galleryProblem(files, items.length);
          if (problem) return show('gallery', 'error', words.problemText(problem));
          void upload('gallery', 'POST', '/gallery/add', files, t('gallery.added'));
        }}
        onRemove={(index) => void remove(items[index])}
        onMove={(from, to) => void saveOrder(move(items, from, to))}
        {...fieldState('gallery')}
      />
    </>
  );
}
