import { useEffect } from 'react';
import { useConnection } from '~/connection/connection-context';
import { parseServerNotification } from './notification-store';
import { useNotify } from './notifications-context';

/** The server's per-user push event. */
export const SERVER_NOTIFICATION_EVENT = 'notification';

/** The part of a socket.io client socket the bridge uses. */
export interface NotificationSource {
  on(event: typeof SERVER_NOTIFICATION_EVENT, listener: (payload: unknown) => void): unknown;
  off(event: typeof SERVER_NOTIFICATION_EVENT, listener: (payload: unknown) => void): unknown;
}

/**
 * Feeds the server's 'notification' pushes into the same store as notify():
 * same list, same gating. Malformed pushes are dropped; an unknown type shows as info.
 * Re-subscribes when the socket object changes (a new connection).
 */
export function useServerNotifications(socket: NotificationSource | null): void {
  const notify = useNotify();
  useEffect(() => {
    if (!socket) return;
    const onNotification = (payload: unknown) => {
      const input = parseServerNotification(payload);
      if (input) notify(input);
    };
    socket.on(SERVER_NOTIFICATION_EVENT, onNotification);
    return () => {
      socket.off(SERVER_NOTIFICATION_EVENT, onNotification);
    };
  }, [socket, notify]);
}

/** Render inside both NotificationsProvider and ConnectionProvider; it renders nothing. */
export function NotificationSocketBridge() {
  useServerNotifications(useConnection().socket);
  return null;
}
