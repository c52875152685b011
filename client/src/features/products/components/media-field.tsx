import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isImage } from '../utils/product-rules';

/** One picture or file of a media field: chosen on the device (not uploaded yet) or stored with the listing. */
export interface MediaItem {
  key: string;
  /** What buttons call it: a chosen file's name, or 'picture 2' for a stored one. */
  name: string;
  /** A chosen file, previewed from the device. */
  file?: File;
  /** A stored picture's small variant. */
  src?: string | null;
  /** A stored file that is no picture: its kind ('Video'). */
  kind?: string;
}

interface MediaFieldProps {
  /** The file input's id: the field label points at it, and focus goes to it when the field is refused. */
  id: string;
  label: string;
  hint: string;
  /** The text of the styled button that opens the file chooser. */
  buttonText: string;
  /** How the chosen files are listed (a screen reader reads it as the list's name). */
  listLabel: string;
  items: MediaItem[];
  multiple?: boolean;
  accept?: string;
  error?: string | null;
  disabled?: boolean;
  /** False when no more files fit (the chooser is off; the items can still be moved and removed). */
  canAdd?: boolean;
  /** Files chosen or dropped (all of them; the form decides what it keeps). */
  onAdd: (files: File[]) => void;
  /** Without it the items cannot be removed (a listing's stored main picture is replaced, never removed). */
  onRemove?: (index: number) => void;
  /** Reorder (several files only): by the arrow buttons or by dragging a preview onto another. */
  onMove?: (from: number, to: number) => void;
  /** What is happening to the stored files (saving, saved, uploading), said under the field. */
  status?: { kind: 'notice' | 'error'; text: string } | null;
  /** An upload in progress, 0-100. */
  progress?: number | null;
  progressLabel?: string;
}

/**
 * The product form's picture fields (docs/product.md#validation), for a new listing and a stored one alike: a
 * drop zone (drop files on it, or use its 'Choose pictures' button: the real file input, visually hidden but
 * focusable, so Tab, Enter and Space work, and a click on either label opens the chooser; phones, which cannot
 * drag, see only the button), then the pictures as previews that can be removed and, with several, moved
 * earlier or later (buttons or drag). The form decides what a change does: a new listing keeps the files for its
 * upload, a stored one saves at once.
 */
export function MediaField(props: MediaFieldProps) {
  const { id, label, hint, buttonText, listLabel, items, multiple = false, accept, error, disabled = false, onAdd, onRemove, onMove } = props;
  const { status, progress = null, progressLabel, canAdd = true } = props;
  const { t } = useTranslation('products');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const dragFrom = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // Where focus goes once the list has re-rendered after a button removed or moved a file (the button
  // pressed may be gone or disabled): [index of the file, which button].
  const refocus = useRef<[number, 'remove' | 'earlier' | 'later'] | null>(null);
  const setRefocus = (target: [number, 'remove' | 'earlier' | 'later']) => {
    refocus.current = target;
  };
  useEffect(() => {
    if (!refocus.current) return;
    const [index, which] = refocus.current;
    refocus.current = null;
    const items = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const item = items[Math.min(index, items.length - 1)];
    const button = item?.querySelector<HTMLButtonElement>(`[data-action="${which}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('[data-action="remove"]');
    (button ?? input.current)?.focus();
  }, [items]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(false);
    if (disabled || !canAdd) return;
    const dropped = Array.from(event.dataTransfer.files ?? []);
    if (dropped.length) onAdd(dropped);
  };

  return (
    <div className={['field', 'picture-field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div
        className={['drop-zone', over ? 'drop-zone--over' : '', error ? 'drop-zone--invalid' : ''].filter(Boolean).join(' ')}
        data-testid={`${id}-drop-zone`}
        onDragEnter={(event) => {
          if (hasFiles(event)) setOver(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={input}
          id={id}
          className="visually-hidden drop-zone__input"
          type="file"
          multiple={multiple}
          accept={accept}
          disabled={disabled || !canAdd}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(event) => {
            const chosen = Array.from(event.currentTarget.files ?? []);
            // Cleared, so choosing the same file again (after removing it) is a change too.
            event.currentTarget.value = '';
            if (chosen.length) onAdd(chosen);
          }}
        />
        <span className="drop-zone__icon" aria-hidden="true">
          ⇪
        </span>
        <span className="drop-zone__text" aria-hidden="true">
          {t('pictures.dropHere')}
        </span>
        <label htmlFor={id} className="button button--secondary drop-zone__button">
          {buttonText}
        </label>
      </div>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <div aria-live="polite">
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
        {status ? (
          <p className={status.kind === 'error' ? 'form-error' : 'form-notice'} role={status.kind === 'error' ? 'alert' : undefined}>
            {status.text}
          </p>
        ) : null}
        {progress !== null ? <progress className="upload-progress" max={100} value={progress} aria-label={progressLabel} /> : null}
      </div>
      {items.length ? (
        <ol ref={list} className="chosen-pictures" aria-label={listLabel}>
          {items.map((item, index) => (
            <li
              key={item.key}
              data-testid={`${id}-item`}
              className="chosen-pictures__item"
              draggable={Boolean(onMove) && items.length > 1 && !disabled}
              onDragStart={(event) => {
                dragFrom.current = index;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.name);
              }}
              onDragOver={(event) => {
                if (dragFrom.current !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                const from = dragFrom.current;
                dragFrom.current = null;
                if (from === null) return;
                event.preventDefault();
                if (from !== index) onMove?.(from, index);
              }}
              onDragEnd={() => {
                dragFrom.current = null;
              }}
            >
              <Preview item={item} />
              <div className="chosen-pictures__actions">
                {onMove && items.length > 1 ? (
                  <>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('pictures.moveEarlier', { name: item.name })}
                      data-action="earlier"
                      disabled={disabled || index === 0}
                      onClick={() => {
                        onMove(index, index - 1);
                        setRefocus([index - 1, index - 1 === 0 ? 'later' : 'earlier']);
                      }}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('pictures.moveLater', { name: item.name })}
                      data-action="later"
                      disabled={disabled || index === items.length - 1}
                      onClick={() => {
                        onMove(index, index + 1);
                        setRefocus([index + 1, index + 1 === items.length - 1 ? 'earlier' : 'later']);
                      }}
                    >
                      →
                    </button>
                  </>
                ) : null}
                {onRemove ? (
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('pictures.remove', { name: item.name })}
                    data-action="remove"
                    disabled={disabled}
                    onClick={() => {
                      onRemove(index);
                      // Focus stays in the field: on the next file's Remove, or the chooser once the list is empty.
                      if (items.length === 1) input.current?.focus();
                      else setRefocus([index, 'remove']);
                    }}
                  >
                    ×
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

const keys = new WeakMap<File, string>();
let next = 0;
/** A stable key per chosen file (two files may share a name). */
export const fileKey = (file: File) => {
  let key = keys.get(file);
  if (!key) {
    key = `f${next++}`;
    keys.set(file, key);
  }
  return key;
};

/** Chosen files as items of a media field. */
export const chosenItems = (files: File[]): MediaItem[] => files.map((file) => ({ key: fileKey(file), name: file.name, file }));

/**
 * A picture's thumbnail: a stored one's small variant, or a chosen one's object URL (released when the file
 * leaves the list); other files show their kind.
 */
function Preview({ item }: { item: MediaItem }) {
  const { file } = item;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isImage(file) || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  const src = item.src ?? url;
  if (src) return <img src={src} alt={item.name} width={96} height={96} />;
  const extension = file && file.name.includes('.') ? file.name.split('.').pop()?.toUpperCase() : null;
  return (
    <span className="chosen-pictures__file" title={item.name}>
      <span aria-hidden="true">{item.kind ?? extension ?? '?'}</span>
      <span className="visually-hidden">{item.name}</span>
    </span>
  );
}
