import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isImage } from '../utils/product-rules';

interface PictureDropZoneProps {
  /** The file input's id: the field label points at it, and focus goes to it when the field is refused. */
  id: string;
  label: string;
  hint: string;
  /** The text of the styled button that opens the file chooser. */
  buttonText: string;
  /** How the chosen files are listed (a screen reader reads it as the list's name). */
  listLabel: string;
  files: File[];
  multiple?: boolean;
  accept?: string;
  error?: string | null;
  disabled?: boolean;
  /** Files chosen or dropped (all of them; the form decides what it keeps). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Reorder (several files only): by the arrow buttons or by dragging a preview onto another. */
  onMove?: (from: number, to: number) => void;
}

/**
 * A drop zone for pictures (docs/product.md#validation): drop files on it, or use its 'Choose pictures'
 * button (the real file input, visually hidden but focusable, so Tab, Enter and Space work, and a click on
 * either label opens the chooser). The chosen files show as previews that can be removed and, with several,
 * moved earlier or later (buttons or drag), all before anything is uploaded.
 */
export function PictureDropZone(props: PictureDropZoneProps) {
  const { id, label, hint, buttonText, listLabel, files, multiple = false, accept, error, disabled = false, onAdd, onRemove, onMove } = props;
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
  }, [files]);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files');
  const onDrop = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setOver(false);
    if (disabled) return;
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
          disabled={disabled}
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
      </div>
      {files.length ? (
        <ol ref={list} className="chosen-pictures" aria-label={listLabel}>
          {files.map((file, index) => (
            <li
              key={fileKey(file)}
              className="chosen-pictures__item"
              draggable={Boolean(onMove) && files.length > 1}
              onDragStart={(event) => {
                dragFrom.current = index;
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', file.name);
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
              <Preview file={file} />
              <div className="chosen-pictures__actions">
                {onMove && files.length > 1 ? (
                  <>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('pictures.moveEarlier', { name: file.name })}
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
                      aria-label={t('pictures.moveLater', { name: file.name })}
                      data-action="later"
                      disabled={disabled || index === files.length - 1}
                      onClick={() => {
                        onMove(index, index + 1);
                        setRefocus([index + 1, index + 1 === files.length - 1 ? 'earlier' : 'later']);
                      }}
                    >
                      →
                    </button>
                  </>
                ) : null}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('pictures.remove', { name: file.name })}
                  data-action="remove"
                  disabled={disabled}
                  onClick={() => {
                    onRemove(index);
                    // Focus stays in the field: on the next file's Remove, or the chooser once the list is empty.
                    if (files.length === 1) input.current?.focus();
                    else setRefocus([index, 'remove']);
                  }}
                >
                  ×
                </button>
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
const fileKey = (file: File) => {
  let key = keys.get(file);
  if (!key) {
    key = `f${next++}`;
    keys.set(file, key);
  }
  return key;
};

/** A picture's thumbnail from an object URL (released when the file leaves the list); other files show their kind. */
function Preview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isImage(file) || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  if (url) return <img src={url} alt={file.name} width={96} height={96} />;
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toUpperCase() : null;
  return (
    <span className="chosen-pictures__file" title={file.name}>
      <span aria-hidden="true">{extension ?? '?'}</span>
      <span className="visually-hidden">{file.name}</span>
    </span>
  );
}
