import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth';
import { OrdersPage } from '../../features/orders';

/** /orders: the buyer's orders; route state `{ placed: {displayId, total, payBy} }` announces a purchase just made. */
export function OrdersRoute() {
  const { isLoggedIn, checked } = useSession();
  const state = useLocation().state as { placed?: { displayId?: unknown; total?: unknown; payBy?: unknown } } | null;
  const placed = state?.placed;
  const valid =
    placed && typeof placed.displayId === 'string' && typeof placed.total === 'string' && typeof placed.payBy === 'string'
      ? { displayId: placed.displayId, total: placed.total, payBy: placed.payBy }
      : null;
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <OrdersPage placed={valid} />;
}
