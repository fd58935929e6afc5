import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError } from '../common/domain-error.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../testing/test-app.js';
import { ConcurrencyConflictError } from './concurrency-conflict.error.js';
import type { Decider } from './decider.js';
import { Decisions } from './decisions.service.js';
import type { DomainEvent } from './domain-event.js';
import { EventStore } from './event-store.service.js';

declare module './domain-event.js' {
  interface DomainEventMap {
    TallyOpened: { limit: number };
    TallyCounted: { by: number };
  }
}

type TallyEvent = DomainEvent<'TallyOpened' | 'TallyCounted'>;
type TallyCommand = { type: 'Open'; limit: number } | { type: 'Count'; by: number };
interface TallyState {
  open: boolean;
  limit: number;
  total: number;
}

/** A tally that may not pass its limit: enough rules to see load, decide, append and refuse. */
const tallyDecider: Decider<TallyCommand, TallyEvent, TallyState> = {
  streamType: 'tally',
  initialState: () => ({ open: false, limit: 0, total: 0 }),
  decide(command, state) {
    if (command.type === 'Open') return state.open ? [] : [{ type: 'TallyOpened', data: { limit: command.limit } }];
    if (!state.open) throw new DomainError('not-found', 'No such tally');
    if (state.total + command.by > state.limit) throw new DomainError('conflict', 'The tally would pass its limit');
    return [{ type: 'TallyCounted', data: { by: command.by } }];
  },
  evolve(state, event) {
    return event.type === 'TallyOpened'
      ? { ...state, open: true, limit: event.data.limit }
      : { ...state, total: state.total + event.data.by };
  },
};

const system = { actorId: null };

describe('Decisions.handle', () => {
  let t: TestApp;
  let decisions: Decisions;
  let store: EventStore;
  let counter = 0;
  const nextTally = () => `tally-${++counter}`;

  beforeAll(async () => {
    t = await startTestApp();
    decisions = t.app.get(Decisions);
    store = t.app.get(EventStore);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('loads the stream, decides, appends and returns the new state and version', async () => {
    const tally = nextTally();
    await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 10 }, system);

    const handled = await decisions.handle(tallyDecider, tally, { type: 'Count', by: 4 }, system);

    expect(handled.state).toEqual({ open: true, limit: 10, total: 4 });
    expect(handled.version).toBe(2);
    expect(handled.events.map((event) => [event.type, event.streamType, event.version])).toEqual([
      ['TallyCounted', 'tally', 2],
    ]);
    expect((await store.readStream(tally)).map((event) => event.data)).toEqual([{ limit: 10 }, { by: 4 }]);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const tally = nextTally();
    await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 10 }, system);

    const handled = await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 99 }, system);

    expect(handled).toEqual({ state: { open: true, limit: 10, total: 0 }, version: 1, events: [] });
    expect(await store.readStream(tally)).toHaveLength(1);
  });

  it("passes the decider's refusal on and writes nothing", async () => {
    const tally = nextTally();
    await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 3 }, system);

    await expect(decisions.handle(tallyDecider, tally, { type: 'Count', by: 4 }, system)).rejects.toThrow(
      new DomainError('conflict', 'The tally would pass its limit'),
    );
    expect(await store.readStream(tally)).toHaveLength(1);
  });

  it('decides again on the new state when another writer appended first, so no rule is broken', async () => {
    const tally = nextTally();
    await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 5 }, system);

    // Both read total 0; whichever appends second must be decided again against total 3.
    const results = await Promise.allSettled([
      decisions.handle(tallyDecider, tally, { type: 'Count', by: 3 }, system),
      decisions.handle(tallyDecider, tally, { type: 'Count', by: 3 }, system),
    ]);

    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toEqual(new DomainError('conflict', 'The tally would pass its limit'));
    expect((await decisions.load(tallyDecider, tally)).state.total).toBe(3);
  });

  it('answers a conflict instead of deciding again when the caller pinned the version it read', async () => {
    const tally = nextTally();
    await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 10 }, system);
    await decisions.handle(tallyDecider, tally, { type: 'Count', by: 1 }, system);

    await expect(
      decisions.handle(tallyDecider, tally, { type: 'Count', by: 1 }, system, { expectedVersion: 1 }),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.readStream(tally)).toHaveLength(2);
  });

  it('decides on the stream the caller loaded, and answers a conflict once it is stale', async () => {
    const tally = nextTally();
    const opened = await decisions.handle(tallyDecider, tally, { type: 'Open', limit: 10 }, system);

    const counted = await decisions.handle(tallyDecider, tally, { type: 'Count', by: 2 }, system, { from: opened });
    expect(counted).toMatchObject({ state: { open: true, limit: 10, total: 2 }, version: 2 });

    await expect(
      decisions.handle(tallyDecider, tally, { type: 'Count', by: 1 }, system, { from: opened }),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect((await decisions.load(tallyDecider, tally)).state.total).toBe(2);
  });

  it('decides several streams together and appends all or none', async () => {
    const [first, second] = [nextTally(), nextTally()];
    await decisions.handle(tallyDecider, second, { type: 'Open', limit: 1 }, system);

    await expect(
      decisions.handleAll(
        [
          { decider: tallyDecider, streamId: first, command: { type: 'Open', limit: 5 } },
          { decider: tallyDecider, streamId: second, command: { type: 'Count', by: 2 } },
        ],
        system,
      ),
    ).rejects.toThrow('The tally would pass its limit');
    expect(await store.readStream(first)).toEqual([]);

    const handled = await decisions.handleAll(
      [
        { decider: tallyDecider, streamId: first, command: { type: 'Open', limit: 5 } },
        { decider: tallyDecider, streamId: second, command: { type: 'Count', by: 1 } },
      ],
      system,
    );
    expect(handled.map((outcome) => outcome.version)).toEqual([1, 2]);
  });

  it('appends to an append-only stream without reading it', async () => {
    const log = nextTally();
    const appendOnly: Decider<{ by: number }, TallyEvent, null> = {
      streamType: 'tally-log',
      appendOnly: true,
      initialState: () => null,
      decide: (command) => [{ type: 'TallyCounted', data: { by: command.by } }],
      evolve: (state) => state,
    };

    await decisions.handle(appendOnly, log, { by: 1 }, system);
    const handled = await decisions.handle(appendOnly, log, { by: 2 }, system);

    expect(handled.events.map((event) => event.version)).toEqual([2]);
    expect((await store.readStream(log)).map((event) => event.data)).toEqual([{ by: 1 }, { by: 2 }]);
  });
});
