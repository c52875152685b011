import { Navigate } from 'react-router';
import { useSession } from '../../features/auth';
import { ChatPage } from '../../features/chat';

/** /chat: the conversations and the open one; a visitor (the current-user call fails) goes to `/`. */
export function ChatRoute() {
  const { isLoggedIn, checked } = useSession();
  // Until the server has said who this is, a session without the stored flag is not sent away.
  if (!isLoggedIn) return checked ? <Navigate to="/" replace /> : null;
  return <ChatPage />;
}
