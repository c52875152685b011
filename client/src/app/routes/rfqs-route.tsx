import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth';
import { MyRfqsPage } from '../../features/rfqs';

/** /rfqs: the buyer's requirements with their quotes; route state `{ posted: true }` announces one just posted. */
export function RfqsRoute() {
  const { isLoggedIn, checked } = useSession();
  const posted = (useLocation().state as { posted?: unknown } | null)?.posted === true;
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <MyRfqsPage posted={posted} />;
}
