import type { ReactNode } from 'react';
import { useAuthSelector } from '~/auth/auth-context';
import { selectUser } from '~/machines/auth.machine';
import { NotificationsProvider } from './notifications-context';

/**
 * NotificationsProvider keyed to the signed-in account, so the stored list follows
 * the person, not the browser. Render it inside AuthProvider, where root.tsx now
 * renders NotificationsProvider.
 */
export function AccountNotificationsProvider({ children }: { children: ReactNode }) {
  const userId = useAuthSelector(selectUser)?.id ?? null;
  return <NotificationsProvider userId={userId}>{children}</NotificationsProvider>;
}
