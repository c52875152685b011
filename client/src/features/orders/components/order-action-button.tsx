import { useMutation } from '@apollo/client/react';
import type { TypedDocumentNode } from '@apollo/client';
import { useState } from 'react';
import { useConfirm, type ConfirmRequest } from '../../../components/ui/confirm-dialog';

interface OrderActionButtonProps<TData> {
  orderId: string;
  mutation: TypedDocumentNode<TData, { orderId: string }>;
  label: string;
  /** An accessible name naming the order. */
  ariaLabel: string;
  /** The message shown when it fails. */
  failure: string;
  variant?: 'primary' | 'secondary';
  /** Asked first in the app's dialog (an irreversible action); no question when absent. */
  confirm?: ConfirmRequest;
  onDone: () => void;
}

/** One order action (confirm payment, cancel, confirm delivery, decline) with its busy and failure states. */
export function OrderActionButton<TData>({ orderId, mutation, label, ariaLabel, failure, variant = 'primary', confirm, onDone }: OrderActionButtonProps<TData>) {
  const [run, { loading }] = useMutation(mutation);
  const [failed, setFailed] = useState(false);
  const [ask, dialog] = useConfirm();
  const act = async () => {
    if (confirm && !(await ask(confirm))) return;
    setFailed(false);
    try {
      await run({ variables: { orderId } });
      onDone();
    } catch {
      setFailed(true);
      onDone(); // the order may have changed meanwhile: show it as it is
    }
  };
  return (
    <>
      <button type="button" className={`button button--${variant}`} aria-label={ariaLabel} disabled={loading} aria-busy={loading} onClick={() => void act()}>
        {label}
      </button>
      {failed ? (
        <p className="form-error" role="alert">
          {failure}
        </p>
      ) : null}
      {dialog}
    </>
  );
}
