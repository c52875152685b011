import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useSession } from '../../features/auth';
import { ProductPage } from '../../features/products';

/**
 * /product/{id}; route state `{ openInquiry: true }` opens the inquiry overlay, `{ openBuy: true }` (a search
 * card's Buy) the buy flow.
 */
export function ProductRoute() {
  const { id = '' } = useParams();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const state = useLocation().state as { openInquiry?: unknown; openBuy?: unknown } | null;
  const toLogin = useCallback(() => navigate('/login'), [navigate]);
  return <ProductPage key={id} id={id} isLoggedIn={isLoggedIn} openInquiry={state?.openInquiry === true} openBuy={state?.openBuy === true} onLoginRequired={toLogin} />;
}
