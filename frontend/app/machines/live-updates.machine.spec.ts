import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { RealtimeMetrics } from '@docent/common/metrics';
import { createActor } from 'xstate';
import {
  liveUpdatesMachine,
  selectLiveUpdatesOn,
  selectPolling,
  selectPushedMetrics,
  STATUS_POLL_INTERVAL_MS,
} from './live-updates.machine';

const DASHBOARD_MS = 5_000;

const metrics: RealtimeMetrics = {
  activeUsers: 3,
  totalRequests: 120,
  successRate: 99,
  averageResponseTime: 40,
  tokensConsumed: 900,
  totalCost: 0.12,
  systemHealth: 100,
  uptime: 7_200,
};

function startDashboard(socketLive: boolean) {
  const reloads = { dashboard: 0, status: 0 };
  const actor = createActor(liveUpdatesMachine, { input: { socketLive } });
  actor.on('RELOAD_DASHBOARD', () => {
    reloads.dashboard += 1;
  });
  actor.on('RELOAD_STATUS', () => {
    reloads.status += 1;
  });
  actor.start();
  return { actor, reloads };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('dashboard live updates', () => {
  it('polls the dashboard every 5 s and the status every 10 s while no socket is connected', () => {
    const { actor, reloads } = startDashboard(false);
    expect(selectPolling(actor.getSnapshot())).toBe(true);

    jest.advanceTimersByTime(STATUS_POLL_INTERVAL_MS * 3);

    expect(reloads).toEqual({ dashboard: 6, status: 3 });
    actor.stop();
  });

  it('stops polling while the socket is connected, and its pushed metrics replace the polled ones', () => {
    const { actor, reloads } = startDashboard(false);
    jest.advanceTimersByTime(DASHBOARD_MS);
    expect(reloads.dashboard).toBe(1);

    actor.send({ type: 'SOCKET_CHANGED', live: true });
    actor.send({ type: 'METRICS_PUSHED', metrics });
    jest.advanceTimersByTime(STATUS_POLL_INTERVAL_MS * 3);

    expect(reloads).toEqual({ dashboard: 1, status: 0 });
    expect(selectPushedMetrics(actor.getSnapshot())).toEqual(metrics);
    actor.stop();
  });

  it('goes back to polling, with the polled figures, when the socket is lost', () => {
    const { actor, reloads } = startDashboard(true);
    actor.send({ type: 'METRICS_PUSHED', metrics });

    actor.send({ type: 'SOCKET_CHANGED', live: false });
    jest.advanceTimersByTime(DASHBOARD_MS);

    expect(selectPushedMetrics(actor.getSnapshot())).toBeNull();
    expect(reloads.dashboard).toBe(1);
    actor.stop();
  });

  it('asks nothing and ignores pushes when switched off, and catches up when switched back on', () => {
    const { actor, reloads } = startDashboard(false);
    actor.send({ type: 'TOGGLE' });
    expect(selectLiveUpdatesOn(actor.getSnapshot())).toBe(false);

    jest.advanceTimersByTime(STATUS_POLL_INTERVAL_MS * 3);
    actor.send({ type: 'SOCKET_CHANGED', live: true });
    actor.send({ type: 'METRICS_PUSHED', metrics });
    expect(reloads).toEqual({ dashboard: 0, status: 0 });
    expect(selectPushedMetrics(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'TOGGLE' });
    expect(reloads).toEqual({ dashboard: 1, status: 1 });
    // The socket came up while off: on again, it streams rather than polls.
    expect(selectPolling(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
