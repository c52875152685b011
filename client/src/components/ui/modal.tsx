import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalBehaviour } from './use-modal-behaviour';
import './modal.css';

interface ModalProps {
  id?: string;
  /** id of the element naming the dialog (its heading). */
  labelledBy: string;
  onClose: () => void;
  /** 'sheet': centred panel (full screen on phones); 'drawer': slides in from the side. */
  variant?: 'sheet' | 'drawer';
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** 'small': a question's width, not full screen on phones. */
  size?: 'normal' | 'small';
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

/** A modal dialog rendered over the page; mount it to open, unmount it to close. */
export function Modal({ id, labelledBy, onClose, variant = 'sheet', initialFocusRef, size = 'normal', describedBy, role = 'dialog', children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalBehaviour(dialogRef, onClose, initialFocusRef);

  return createPortal(
    <div
      className={`modal-backdrop modal-backdrop--${variant}${size === 'small' ? ' modal-backdrop--small' : ''}`}
      onMouseDown={(event) => {
        // Outside click closes; a press that starts inside (e.g. selecting text) does not.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        id={id}
        ref={dialogRef}
        className={`modal modal--${variant}${size === 'small' ? ' modal--small' : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
