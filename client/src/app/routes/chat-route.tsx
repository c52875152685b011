import { Navigate } from 'react-router';
import { useSession } from '../../features/auth/session-context';
import { ChatPage } from '../../features/chat';

/** /chat: the conversations and the open one; a visitor (the current-user call fails) goes to `/`. */
export function ChatRoute() {
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <Navigate to="/" replace />;
  return <ChatPage />;
}
