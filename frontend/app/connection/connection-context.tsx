import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { useAuth } from '~/auth/auth-context';
import {
  connectionMachine,
  selectConnectionStatus,
  selectSocket,
  type ConnectionStatus,
  type OpenSocket,
} from '~/machines/connection.machine';
import { useNotify } from '~/notifications/notifications-context';

export type { ConnectionStatus } from '~/machines/connection.machine';

export interface Connection {
  /** 'offline' also while nobody is signed in: there is no socket then. */
  status: ConnectionStatus;
  /** Reconnects at once when offline; does nothing otherwise. */
  retry: () => void;
  /**
   * The socket of the current attempt: set from the moment it is created (so
   * listeners added in an effect keyed on it miss no push), null while offline or
   * signed out. Every attempt is a new socket, so key effects on it; emits made
   * before it connects are buffered by socket.io and sent once it is live.
   */
  socket: Socket | null;
}

const ConnectionContext = createContext<Connection | null>(null);

/**
 * socket.io at /ws on this origin. The browser sends the httpOnly session cookie
 * with the handshake, which is how the server knows who this is. socket.io's own
 * reconnection is off: the connection machine decides when to try again.
 */
const openSocket: OpenSocket = () =>
  io(window.location.origin, { path: '/ws', transports: ['websocket'], reconnection: false, withCredentials: true });

/** The real-time connection for the signed-in user: opened on sign-in, closed on logout. */
export function ConnectionProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const notify = useNotify();
  const { t } = useTranslation();
  // The actor starts in an effect, so the server renders the initial state and opens no socket.
  const actorRef = useActorRef(connectionMachine, { input: { openSocket, userId } });

  useEffect(() => {
    const subscription = actorRef.on('RECONNECTING', () =>
      notify({
        type: 'system',
        title: t('connection.reconnecting'),
        metadata: { category: 'connection', priority: 'low' },
      }),
    );
    return () => subscription.unsubscribe();
  }, [actorRef, notify, t]);

  useEffect(() => {
    actorRef.send({ type: 'SESSION_CHANGED', userId });
  }, [actorRef, userId]);

  const status = useSelector(actorRef, selectConnectionStatus);
  const socket = useSelector(actorRef, selectSocket);
  const value = useMemo<Connection>(
    () => ({ status, socket, retry: () => actorRef.send({ type: 'RETRY' }) }),
    [status, socket, actorRef],
  );
  return <ConnectionContext.Provider value={value}>{children}</ConnectionContext.Provider>;
}

export function useConnection(): Connection {
  const context = useContext(ConnectionContext);
  if (!context) throw new Error('useConnection needs a ConnectionProvider');
  return context;
}
