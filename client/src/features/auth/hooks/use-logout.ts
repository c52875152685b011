import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LogoutDocument } from '../../../graphql/generated';
import { useSession } from '../session-context';

/** Ends the session on the server, then everywhere in the browser; alerts if the server refuses. */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { markLoggedOut } = useSession();
  const [logoutMutation, { loading }] = useMutation(LogoutDocument);

  const logout = useCallback(async (): Promise<boolean> => {
    try {
      const { data } = await logoutMutation();
      if (!data?.logout) throw new Error('The server did not end the session');
    } catch {
      window.alert(t('logoutFailed'));
      return false;
    }
    await markLoggedOut();
    navigate('/', { replace: true });
    return true;
  }, [logoutMutation, markLoggedOut, navigate, t]);

  return { logout, loggingOut: loading };
}
