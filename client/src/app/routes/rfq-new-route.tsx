import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../features/auth';
import { RfqDraftPage } from '../../features/rfqs';

/** /rfqs/new?text=…: a requirement's draft from the buyer's words. */
export function RfqNewRoute() {
  const { isLoggedIn, checked } = useSession();
  const [params] = useSearchParams();
  const text = (params.get('text') ?? '').slice(0, 500);
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <RfqDraftPage key={text} initialText={text} />;
}
