import { DASHBOARD_POLL_INTERVAL_MS, type RealtimeMetrics } from '@docent/common/metrics';
import { assign, emit, fromCallback, setup, type SnapshotFrom } from 'xstate';

/** Spec sections 7 and 9: status every 10 s while the dashboard polls. */
export const STATUS_POLL_INTERVAL_MS = 10_000;

export interface LiveUpdatesInput {
  /** Whether the real-time socket is connected when the page opens. */
  socketLive: boolean;
  dashboardIntervalMs?: number;
  statusIntervalMs?: number;
}

interface LiveUpdatesContext {
  socketLive: boolean;
  dashboardIntervalMs: number;
  statusIntervalMs: number;
  /** The socket's latest metrics while it is connected; they replace the polled realtime figures. */
  pushedMetrics: RealtimeMetrics | null;
}

export type LiveUpdatesEvent =
  /** The live-updates switch. */
  | { type: 'TOGGLE' }
  | { type: 'SOCKET_CHANGED'; live: boolean }
  | { type: 'METRICS_PUSHED'; metrics: RealtimeMetrics }
  | { type: 'DASHBOARD_DUE' }
  | { type: 'STATUS_DUE' };

/** What the page is asked to do; listen with actorRef.on(type, …). */
export type LiveUpdatesEmitted = { type: 'RELOAD_DASHBOARD' } | { type: 'RELOAD_STATUS' };

/** Sends `event` back every `intervalMs` until the state that invoked it is left. */
export const ticker = fromCallback<LiveUpdatesEvent, { intervalMs: number; event: LiveUpdatesEvent }>(
  ({ input, sendBack }) => {
    const timer = setInterval(() => sendBack(input.event), input.intervalMs);
    return () => clearInterval(timer);
  },
);

/**
 * The Dashboard's live updates (spec section 4): when on, the dashboard is asked again
 * every 5 s and the status every 10 s, only while no socket is connected; while one is,
 * its metrics replace the polled figures. When off, nothing is asked and pushes are ignored.
 * The page listens for RELOAD_DASHBOARD and RELOAD_STATUS and does the asking.
 */
export const liveUpdatesMachine = setup({
  types: {
    context: {} as LiveUpdatesContext,
    events: {} as LiveUpdatesEvent,
    input: {} as LiveUpdatesInput,
    emitted: {} as LiveUpdatesEmitted,
  },
  actors: { ticker },
  actions: {
    reloadDashboard: emit({ type: 'RELOAD_DASHBOARD' }),
    reloadStatus: emit({ type: 'RELOAD_STATUS' }),
    rememberSocket: assign({ socketLive: (_, params: { live: boolean }) => params.live }),
    rememberPushedMetrics: assign({
      pushedMetrics: (_, params: { metrics: RealtimeMetrics }) => params.metrics,
    }),
    forgetPushedMetrics: assign({ pushedMetrics: null }),
  },
  guards: {
    isSocketLive: ({ context }) => context.socketLive,
  },
}).createMachine({
  id: 'liveUpdates',
  context: ({ input }) => ({
    socketLive: input.socketLive,
    dashboardIntervalMs: input.dashboardIntervalMs ?? DASHBOARD_POLL_INTERVAL_MS,
    statusIntervalMs: input.statusIntervalMs ?? STATUS_POLL_INTERVAL_MS,
    pushedMetrics: null,
  }),
  initial: 'on',
  on: {
    SOCKET_CHANGED: { actions: { type: 'rememberSocket', params: ({ event }) => ({ live: event.live }) } },
  },
  states: {
    on: {
      initial: 'choosing',
      on: {
        TOGGLE: { target: 'off' },
        SOCKET_CHANGED: {
          target: '.choosing',
          reenter: true,
          actions: { type: 'rememberSocket', params: ({ event }) => ({ live: event.live }) },
        },
      },
      states: {
        choosing: {
          always: [{ guard: 'isSocketLive', target: 'streaming' }, { target: 'polling' }],
        },
        polling: {
          invoke: [
            {
              src: 'ticker',
              input: ({ context }) => ({ intervalMs: context.dashboardIntervalMs, event: { type: 'DASHBOARD_DUE' } }),
            },
            {
              src: 'ticker',
              input: ({ context }) => ({ intervalMs: context.statusIntervalMs, event: { type: 'STATUS_DUE' } }),
            },
          ],
          on: {
            DASHBOARD_DUE: { actions: 'reloadDashboard' },
            STATUS_DUE: { actions: 'reloadStatus' },
          },
        },
        streaming: {
          // Pushes missed while the socket was down are not replayed: the figures come from the next push.
          exit: 'forgetPushedMetrics',
          on: {
            METRICS_PUSHED: {
              actions: { type: 'rememberPushedMetrics', params: ({ event }) => ({ metrics: event.metrics }) },
            },
          },
        },
      },
    },
    off: {
      on: {
        // Back on: catch up at once rather than a round later.
        TOGGLE: { target: 'on', actions: ['reloadDashboard', 'reloadStatus'] },
      },
    },
  },
});

export type LiveUpdatesSnapshot = SnapshotFrom<typeof liveUpdatesMachine>;

export const selectLiveUpdatesOn = (snapshot: LiveUpdatesSnapshot): boolean => snapshot.matches('on');
export const selectPolling = (snapshot: LiveUpdatesSnapshot): boolean => snapshot.matches({ on: 'polling' });
export const selectPushedMetrics = (snapshot: LiveUpdatesSnapshot): RealtimeMetrics | null =>
  snapshot.context.pushedMetrics;
