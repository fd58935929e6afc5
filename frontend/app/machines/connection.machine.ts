import type { Socket } from 'socket.io-client';
import { assign, emit, fromCallback, not, setup, type SnapshotFrom } from 'xstate';

/** Spec section 9: a lost socket reconnects after 5 s. */
export const RECONNECT_DELAY_MS = 5_000;

/** Opens one socket.io connection attempt; the machine opens a fresh one for every attempt. */
export type OpenSocket = () => Socket;

export interface ConnectionInput {
  openSocket: OpenSocket;
  /** Who is signed in when the machine starts; nobody means no socket until SESSION_CHANGED names someone. */
  userId: string | null;
  reconnectDelayMs?: number;
}

interface ConnectionContext {
  openSocket: OpenSocket;
  userId: string | null;
  reconnectDelayMs: number;
  /** The socket of the current attempt, from its creation until the attempt ends. */
  socket: Socket | null;
  /** Whether this outage has already been announced, so a long one does not toast every 5 s. */
  reconnectAnnounced: boolean;
}

export type ConnectionEvent =
  /** The user asks to reconnect now (the indicator's Retry). */
  | { type: 'RETRY' }
  /** The signed-in user changed: null after logout. */
  | { type: 'SESSION_CHANGED'; userId: string | null }
  | { type: 'SOCKET_CREATED'; socket: Socket }
  | { type: 'SOCKET_OPENED' }
  | { type: 'SOCKET_CLOSED'; reason: string }
  | { type: 'SOCKET_ERROR'; error: Error };

/** Announcements for the page; listen with actorRef.on(type, …). */
export type ConnectionEmitted = { type: 'RECONNECTING' };

/**
 * One connection attempt: opens the socket and translates its socket.io events.
 * A refused or failed attempt (connect_error) is logged and then ends like a lost connection.
 */
export const socketLink = fromCallback<ConnectionEvent, { openSocket: OpenSocket }>(({ input, sendBack }) => {
  const socket = input.openSocket();
  const onConnect = () => sendBack({ type: 'SOCKET_OPENED' });
  const onDisconnect = (reason: string) => sendBack({ type: 'SOCKET_CLOSED', reason });
  const onConnectError = (error: Error) => {
    sendBack({ type: 'SOCKET_ERROR', error });
    sendBack({ type: 'SOCKET_CLOSED', reason: 'connect failed' });
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);
  sendBack({ type: 'SOCKET_CREATED', socket });
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onConnectError);
    socket.disconnect();
  };
});

/**
 * The real-time connection (spec section 4): connecting, live, offline. Retry
 * reconnects at once; a lost or failed socket goes offline and reconnects after the
 * delay. Socket errors are only logged. There is no socket while nobody is signed in.
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
    emitted: {} as ConnectionEmitted,
  },
  actors: { socketLink },
  actions: {
    /** Once per outage: the provider shows the 'Attempting to reconnect...' toast. */
    announceReconnect: emit({ type: 'RECONNECTING' }),
    logSocketError: (_, params: { error: Error }) => {
      console.warn(`Real-time connection error: ${params.error.message}`);
    },
    rememberSocket: assign({ socket: (_, params: { socket: Socket }) => params.socket }),
    forgetSocket: assign({ socket: null }),
    rememberUser: assign({ userId: (_, params: { userId: string | null }) => params.userId }),
    markReconnectAnnounced: assign({ reconnectAnnounced: true }),
    resetReconnectAnnounced: assign({ reconnectAnnounced: false }),
  },
  guards: {
    isSignedIn: ({ context }) => context.userId !== null,
    isSameUser: ({ context }, params: { userId: string | null }) => context.userId === params.userId,
    isSigningOut: (_, params: { userId: string | null }) => params.userId === null,
    isReconnectAnnounced: ({ context }) => context.reconnectAnnounced,
  },
  delays: {
    reconnectDelay: ({ context }) => context.reconnectDelayMs,
  },
}).createMachine({
  id: 'connection',
  context: ({ input }) => ({
    openSocket: input.openSocket,
    userId: input.userId,
    reconnectDelayMs: input.reconnectDelayMs ?? RECONNECT_DELAY_MS,
    socket: null,
    reconnectAnnounced: false,
  }),
  initial: 'signedOut',
  on: {
    SESSION_CHANGED: [
      { guard: { type: 'isSameUser', params: ({ event }) => ({ userId: event.userId }) } },
      {
        guard: { type: 'isSigningOut', params: ({ event }) => ({ userId: event.userId }) },
        target: '.signedOut',
        actions: { type: 'rememberUser', params: { userId: null } },
      },
      // Someone else signed in: their socket must authenticate afresh.
      {
        target: '.linked',
        reenter: true,
        actions: [
          { type: 'rememberUser', params: ({ event }) => ({ userId: event.userId }) },
          'resetReconnectAnnounced',
        ],
      },
    ],
    SOCKET_ERROR: { actions: { type: 'logSocketError', params: ({ event }) => ({ error: event.error }) } },
  },
  states: {
    signedOut: {
      entry: 'resetReconnectAnnounced',
      always: { guard: 'isSignedIn', target: 'linked' },
    },
    /** A socket exists: it is being opened (connecting) or open (live). */
    linked: {
      initial: 'connecting',
      invoke: { id: 'socket', src: 'socketLink', input: ({ context }) => ({ openSocket: context.openSocket }) },
      exit: 'forgetSocket',
      on: {
        SOCKET_CREATED: { actions: { type: 'rememberSocket', params: ({ event }) => ({ socket: event.socket }) } },
        SOCKET_CLOSED: { target: 'offline' },
      },
      states: {
        connecting: {
          on: { SOCKET_OPENED: { target: 'live' } },
        },
        live: {
          entry: 'resetReconnectAnnounced',
        },
      },
    },
    offline: {
      after: {
        reconnectDelay: [
          {
            guard: not('isReconnectAnnounced'),
            target: 'linked',
            actions: ['announceReconnect', 'markReconnectAnnounced'],
          },
          { target: 'linked' },
        ],
      },
      on: {
        RETRY: { target: 'linked', actions: ['announceReconnect', 'markReconnectAnnounced'] },
      },
    },
  },
});

export type ConnectionSnapshot = SnapshotFrom<typeof connectionMachine>;

export type ConnectionStatus = 'connecting' | 'live' | 'offline';

/** What the indicator shows; with nobody signed in there is no connection, so 'offline'. */
export function selectConnectionStatus(snapshot: ConnectionSnapshot): ConnectionStatus {
  if (snapshot.matches({ linked: 'live' })) return 'live';
  if (snapshot.matches({ linked: 'connecting' })) return 'connecting';
  return 'offline';
}

export const selectSocket = (snapshot: ConnectionSnapshot): Socket | null => snapshot.context.socket;
