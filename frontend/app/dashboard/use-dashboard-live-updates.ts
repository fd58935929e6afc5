import type { RealtimeMetrics } from '@docent/common/metrics';
import { useRevalidator } from '@remix-run/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StatusResponse } from '~/components/shell/system-status';
import { fetchStatus } from '~/components/shell/use-system-status';
import { useConnection } from '~/connection/connection-context';
import {
  liveUpdatesMachine,
  selectLiveUpdatesOn,
  selectPolling,
  selectPushedMetrics,
} from '~/machines/live-updates.machine';
import { readRealtimeMetrics } from './dashboard-format';
import { addActivity, readActivityItem, type ActivityItem } from './live-activity';

/** The socket channels (and their events) the dashboard follows. */
export const METRICS_CHANNEL = 'metrics';
export const ACTIVITY_CHANNEL = 'activity';

export type LiveMode = 'streaming' | 'polling' | 'paused';

export interface DashboardLiveUpdates {
  on: boolean;
  mode: LiveMode;
  toggle: () => void;
  /** The socket's latest metrics while it streams them; null otherwise (the loader's figures stand). */
  pushedMetrics: RealtimeMetrics | null;
  /** The latest /status answer: polled, else the loader's. */
  status: StatusResponse | null;
  /** Activities the socket pushed while the page was open, newest first. */
  pushedActivity: ActivityItem[];
  /** Loads the dashboard and the status again now. */
  refresh: () => void;
  refreshing: boolean;
}

/**
 * The Dashboard's live updates (spec section 4), driven by the live-updates machine:
 * socket pushes while connected, polling while not, nothing while switched off.
 */
export function useDashboardLiveUpdates(loadedStatus: StatusResponse | null): DashboardLiveUpdates {
  const { socket, status: connection } = useConnection();
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidateRef.current = revalidator.revalidate;
  }, [revalidator.revalidate]);

  const loadedStatusRef = useRef(loadedStatus);
  useEffect(() => {
    loadedStatusRef.current = loadedStatus;
  }, [loadedStatus]);
  // A new load brings its own status; a poll since replaces it until the next load.
  const [polledStatus, setPolledStatus] = useState<{ for: StatusResponse | null; status: StatusResponse | null }>();
  const statusRequest = useRef<AbortController | null>(null);
  const reloadStatus = useCallback(() => {
    statusRequest.current?.abort();
    const request = new AbortController();
    statusRequest.current = request;
    fetchStatus(request.signal).then(
      (status) => setPolledStatus({ for: loadedStatusRef.current, status }),
      () => undefined, // aborted by a newer poll or the page going away
    );
  }, []);
  useEffect(() => () => statusRequest.current?.abort(), []);

  const actorRef = useActorRef(liveUpdatesMachine, { input: { socketLive: connection === 'live' } });
  useEffect(() => {
    const subscriptions = [
      actorRef.on('RELOAD_DASHBOARD', () => revalidateRef.current()),
      actorRef.on('RELOAD_STATUS', reloadStatus),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actorRef, reloadStatus]);
  useEffect(() => {
    actorRef.send({ type: 'SOCKET_CHANGED', live: connection === 'live' });
  }, [actorRef, connection]);

  const on = useSelector(actorRef, selectLiveUpdatesOn);
  const polling = useSelector(actorRef, selectPolling);
  const pushedMetrics = useSelector(actorRef, selectPushedMetrics);
  const [pushedActivity, setPushedActivity] = useState<ActivityItem[]>([]);

  // Subscribed only while live updates are on.
  useEffect(() => {
    if (!socket || !on) return;
    const onMetrics = (payload: unknown) => {
      const metrics = readRealtimeMetrics(payload);
      if (metrics) actorRef.send({ type: 'METRICS_PUSHED', metrics });
    };
    const onActivity = (payload: unknown) => {
      const item = readActivityItem(payload);
      if (item) setPushedActivity((current) => addActivity(current, item));
    };
    socket.on(METRICS_CHANNEL, onMetrics);
    socket.on(ACTIVITY_CHANNEL, onActivity);
    // socket.io buffers the emits until this attempt connects; every attempt is a new socket, so this runs again.
    socket.emit('subscribe', { channel: METRICS_CHANNEL });
    socket.emit('subscribe', { channel: ACTIVITY_CHANNEL });
    return () => {
      socket.off(METRICS_CHANNEL, onMetrics);
      socket.off(ACTIVITY_CHANNEL, onActivity);
      if (socket.connected) {
        socket.emit('unsubscribe', { channel: METRICS_CHANNEL });
        socket.emit('unsubscribe', { channel: ACTIVITY_CHANNEL });
      }
    };
  }, [socket, on, actorRef]);

  const status = polledStatus && polledStatus.for === loadedStatus ? polledStatus.status : loadedStatus;
  return {
    on,
    mode: !on ? 'paused' : polling ? 'polling' : 'streaming',
    toggle: () => actorRef.send({ type: 'TOGGLE' }),
    pushedMetrics,
    status,
    pushedActivity,
    refresh: () => {
      revalidateRef.current();
      reloadStatus();
    },
    refreshing: revalidator.state === 'loading',
  };
}
