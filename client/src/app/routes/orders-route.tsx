import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { OrdersPage } from '../../features/orders';

/** /orders: the buyer's orders; route state `{ placed: {displayId, total} }` announces a purchase just made. */
export function OrdersRoute() {
  const { isLoggedIn } = useSession();
  const state = useLocation().state as { placed?: { displayId?: unknown; total?: unknown } } | null;
  const placed = state?.placed;
  const valid = placed && typeof placed.displayId === 'string' && typeof placed.total === 'string' ? { displayId: placed.displayId, total: placed.total } : null;
  if (!isLoggedIn) return <Navigate to="/login" replace />;
  return <OrdersPage placed={valid} />;
}
