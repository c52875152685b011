import { useQuery } from '@apollo/client/react';
import { useSession } from '../../features/auth';
import { OperatorConsole } from '../../features/moderation';
import { OperatorAccessDocument } from '../../graphql/generated';
import { NotFoundRoute } from './not-found-route';

/** /operator: the operators' console; anyone else sees the not-found page (the place is not revealed). */
export function OperatorRoute() {
  const { isLoggedIn, checked } = useSession();
  const access = useQuery(OperatorAccessDocument, { skip: !isLoggedIn, fetchPolicy: 'network-only' });
  if (!isLoggedIn) return checked ? <NotFoundRoute /> : null;
  if (access.loading) return null;
  if (!access.data?.isOperator) return <NotFoundRoute />;
  return <OperatorConsole />;
}
