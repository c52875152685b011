import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { CreateProductForm } from '../../features/products';

/** /sell and /seller/products/create: the creation form, for logged-in users. */
export function CreateProductRoute() {
  const { isLoggedIn, checked } = useSession();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/login" replace /> : null;
  return <CreateProductForm />;
}
