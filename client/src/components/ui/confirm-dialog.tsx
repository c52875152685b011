import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export interface ConfirmRequest {
  title: string;
  body?: string;
  /** The button that does it ('Decline order'); the other one is 'Go back'. */
  confirmLabel: string;
  /** Irreversible and unwelcome (decline, delete): the button is red. */
  danger?: boolean;
}

interface ConfirmDialogProps extends ConfirmRequest {
  onAnswer: (yes: boolean) => void;
}

/**
 * The app's one question before an irreversible action (decline, confirm delivery, accept a quote,
 * delete): focus starts on 'Go back', stays inside, Escape or an outside click answers no.
 */
export function ConfirmDialog({ title, body, confirmLabel, danger = false, onAnswer }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal labelledBy={titleId} onClose={() => onAnswer(false)} initialFocusRef={backRef} size="small" describedBy={body ? bodyId : undefined} role="alertdialog">
      <div className="confirm-dialog">
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        {body ? <p id={bodyId}>{body}</p> : null}
        <div className="confirm-dialog__actions">
          <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={() => onAnswer(true)}>
            {confirmLabel}
          </button>
          <button ref={backRef} type="button" className="button button--secondary" onClick={() => onAnswer(false)}>
            {t('confirmDialog.back')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * `const [confirm, dialog] = useConfirm()`: `await confirm({...})` opens the dialog and answers true or
 * false; render `dialog` where the component renders.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [open, setOpen] = useState<{ request: ConfirmRequest; resolve: (yes: boolean) => void } | null>(null);
  const confirm = useCallback((request: ConfirmRequest) => new Promise<boolean>((resolve) => setOpen({ request, resolve })), []);
  const dialog = open ? (
    <ConfirmDialog
      {...open.request}
      onAnswer={(yes) => {
        setOpen(null);
        open.resolve(yes);
      }}
    />
  ) : null;
  return [confirm, dialog];
}
