import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createActor } from 'xstate';
import {
  connectionMachine,
  RECONNECT_DELAY_MS,
  selectConnectionStatus,
  selectSocket,
  type ConnectionInput,
} from './connection.machine';

type Listener = (...args: unknown[]) => void;

/** A stand-in for one socket.io client socket: the test plays the server. */
class FakeSocket {
  readonly listeners = new Map<string, Set<Listener>>();
  disconnected = false;

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  disconnect() {
    this.disconnected = true;
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  get listenerCount() {
    return [...this.listeners.values()].reduce((count, set) => count + set.size, 0);
  }

  accept = () => this.emit('connect');
  drop = (reason = 'transport close') => this.emit('disconnect', reason);
  refuse = (message = 'Authentication required') => this.emit('connect_error', new Error(message));
}

const DELAY = 1_000;

function start(input: Partial<ConnectionInput> = {}) {
  const sockets: FakeSocket[] = [];
  const announceReconnect = jest.fn();
  const logSocketError = jest.fn();
  const machine = connectionMachine.provide({ actions: { announceReconnect, logSocketError } });
  const actor = createActor(machine, {
    input: {
      openSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as Socket;
      },
      userId: 'user-1',
      reconnectDelayMs: DELAY,
      ...input,
    },
  }).start();
  return {
    actor,
    sockets,
    announceReconnect,
    logSocketError,
    status: () => selectConnectionStatus(actor.getSnapshot()),
    socket: () => selectSocket(actor.getSnapshot()),
    latest: () => sockets.at(-1)!,
  };
}

describe('connection machine', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts connecting with one socket when someone is signed in, and exposes that socket', () => {
    const { status, sockets, socket } = start();
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(1);
    expect(socket()).toBe(sockets[0]);
  });

  it('opens no socket while nobody is signed in', () => {
    const { status, sockets, socket } = start({ userId: null });
    expect(status()).toBe('offline');
    expect(sockets).toHaveLength(0);
    expect(socket()).toBeNull();
  });

  it('goes live when the socket connects', () => {
    const { status, latest, socket } = start();
    latest().accept();
    expect(status()).toBe('live');
    expect(socket()).toBe(latest());
  });

  it('goes offline when a live socket is lost, then reconnects after the delay with one toast', () => {
    const { status, sockets, latest, socket, announceReconnect } = start();
    latest().accept();
    latest().drop();
    expect(status()).toBe('offline');
    expect(socket()).toBeNull();
    expect(sockets[0]!.disconnected).toBe(true);

    jest.advanceTimersByTime(DELAY - 1);
    expect(status()).toBe('offline');
    expect(announceReconnect).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(status()).toBe('connecting');
    expect(announceReconnect).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    expect(socket()).toBe(sockets[1]);

    latest().accept();
    expect(status()).toBe('live');
  });

  it('reconnects after 5 s by default', () => {
    const { status, latest } = start({ reconnectDelayMs: undefined });
    latest().accept();
    latest().drop();
    jest.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(status()).toBe('offline');
    jest.advanceTimersByTime(1);
    expect(status()).toBe('connecting');
    expect(RECONNECT_DELAY_MS).toBe(5_000);
  });

  it('treats a refused connection as an error to log, then offline and a later reconnect', () => {
    const { status, latest, sockets, logSocketError } = start();
    latest().refuse('Authentication required');
    expect(logSocketError).toHaveBeenCalledTimes(1);
    expect(logSocketError.mock.calls[0]![1]).toEqual({ error: new Error('Authentication required') });
    expect(status()).toBe('offline');
    jest.advanceTimersByTime(DELAY);
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(2);
  });

  it('only logs socket errors: the state does not change', () => {
    const { actor, status, latest, logSocketError } = start();
    latest().accept();
    actor.send({ type: 'SOCKET_ERROR', error: new Error('parse error') });
    expect(logSocketError).toHaveBeenCalledTimes(1);
    expect(status()).toBe('live');
  });

  it('logs socket errors to the console by default', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const actor = createActor(connectionMachine, {
      input: { openSocket: () => new FakeSocket() as unknown as Socket, userId: 'user-1' },
    }).start();
    actor.send({ type: 'SOCKET_ERROR', error: new Error('boom') });
    expect(warn).toHaveBeenCalledWith('Real-time connection error: boom');
    warn.mockRestore();
    actor.stop();
  });

  it('announces only the first automatic reconnect of an outage', () => {
    const { status, latest, announceReconnect, sockets } = start();
    latest().accept();
    latest().drop();
    jest.advanceTimersByTime(DELAY);
    latest().refuse();
    jest.advanceTimersByTime(DELAY);
    latest().refuse();
    jest.advanceTimersByTime(DELAY);
    expect(sockets).toHaveLength(4);
    expect(announceReconnect).toHaveBeenCalledTimes(1);

    // Back live, the next outage is announced again.
    latest().accept();
    expect(status()).toBe('live');
    latest().drop();
    jest.advanceTimersByTime(DELAY);
    expect(announceReconnect).toHaveBeenCalledTimes(2);
  });

  it('RETRY reconnects at once from offline, with the toast, and cancels the pending reconnect', () => {
    const { actor, status, latest, sockets, announceReconnect } = start();
    latest().refuse();
    actor.send({ type: 'RETRY' });
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(2);
    expect(announceReconnect).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(DELAY * 3);
    expect(sockets).toHaveLength(2);
    latest().accept();
    expect(status()).toBe('live');
  });

  it('ignores RETRY while connecting or live', () => {
    const { actor, status, latest, sockets, announceReconnect } = start();
    actor.send({ type: 'RETRY' });
    expect(status()).toBe('connecting');
    latest().accept();
    actor.send({ type: 'RETRY' });
    expect(status()).toBe('live');
    expect(sockets).toHaveLength(1);
    expect(announceReconnect).not.toHaveBeenCalled();
  });

  it('closes the socket on logout and opens none until someone signs in', () => {
    const { actor, status, latest, sockets, socket } = start();
    latest().accept();
    actor.send({ type: 'SESSION_CHANGED', userId: null });
    expect(status()).toBe('offline');
    expect(socket()).toBeNull();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[0]!.listenerCount).toBe(0);
    jest.advanceTimersByTime(DELAY * 3);
    expect(sockets).toHaveLength(1);
    actor.send({ type: 'RETRY' });
    expect(sockets).toHaveLength(1);

    actor.send({ type: 'SESSION_CHANGED', userId: 'user-2' });
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(2);
  });

  it('stops reconnecting when the user logs out while offline', () => {
    const { actor, status, latest, sockets, announceReconnect } = start();
    latest().drop();
    actor.send({ type: 'SESSION_CHANGED', userId: null });
    jest.advanceTimersByTime(DELAY * 3);
    expect(status()).toBe('offline');
    expect(sockets).toHaveLength(1);
    expect(announceReconnect).not.toHaveBeenCalled();
  });

  it('keeps the socket when told the same user is still signed in', () => {
    const { actor, status, latest, sockets } = start();
    latest().accept();
    actor.send({ type: 'SESSION_CHANGED', userId: 'user-1' });
    expect(status()).toBe('live');
    expect(sockets).toHaveLength(1);
  });

  it('opens a fresh socket when a different user signs in', () => {
    const { actor, status, latest, sockets, socket } = start();
    latest().accept();
    actor.send({ type: 'SESSION_CHANGED', userId: 'user-2' });
    expect(status()).toBe('connecting');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(socket()).toBe(sockets[1]);
  });

  it('ignores events from a socket it has already closed', () => {
    const { status, sockets, latest } = start();
    latest().drop();
    jest.advanceTimersByTime(DELAY);
    sockets[0]!.accept();
    expect(status()).toBe('connecting');
    expect(sockets[0]!.listenerCount).toBe(0);
  });

  it('closes the socket when the machine stops', () => {
    const { actor, latest } = start();
    latest().accept();
    actor.stop();
    expect(latest().disconnected).toBe(true);
  });
});
