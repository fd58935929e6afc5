import { EventBus } from '@nestjs/cqrs';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { STARTUP_TIMEOUT_MS, newAccount, startTestApp, type TestApp } from '../testing/test-app.js';
import { ConcurrencyConflictError } from './concurrency-conflict.error.js';
import { EventStore } from './event-store.service.js';
import { RecordedDomainEvent } from './recorded-domain-event.js';

declare module './domain-event.js' {
  interface DomainEventMap {
    CounterIncremented: { by: number };
  }
}

const increment = (by: number) => ({ type: 'CounterIncremented' as const, data: { by } });
const system = { actorId: null };

describe('EventStore', () => {
  let t: TestApp;
  let store: EventStore;
  let stream = 0;
  const nextStream = () => `counter-${++stream}-${Date.now()}`;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(EventStore);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('appends events with consecutive stream versions and increasing global positions', async () => {
    const streamId = nextStream();
    await store.append(
      { streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1), increment(2)] },
      system,
    );
    await store.append({ streamId, streamType: 'counter', expectedVersion: 2, events: [increment(3)] }, system);

    const events = await store.readStream(streamId);
    expect(events.map((event) => [event.version, event.data])).toEqual([
      [1, { by: 1 }],
      [2, { by: 2 }],
      [3, { by: 3 }],
    ]);
    expect(events[1]!.position).toBeGreaterThan(events[0]!.position);
    expect(events[2]!.position).toBeGreaterThan(events[1]!.position);
  });

  it('continues the stream from its last version for appends at any version, even concurrent ones', async () => {
    const streamId = nextStream();
    await store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1)] }, system);

    await Promise.all([
      store.append(
        { streamId, streamType: 'counter', expectedVersion: 'any', events: [increment(2), increment(3)] },
        system,
      ),
      store.append({ streamId, streamType: 'counter', expectedVersion: 'any', events: [increment(4)] }, system),
    ]);

    const events = await store.readStream(streamId);
    expect(events.map((event) => event.version)).toEqual([1, 2, 3, 4]);
    expect(events.map((event) => (event.data as { by: number }).by).sort()).toEqual([1, 2, 3, 4]);
  });

  it('refuses an append at a stale version and writes nothing', async () => {
    const streamId = nextStream();
    await store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1)] }, system);

    await expect(
      store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(99)] }, system),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect((await store.readStream(streamId)).map((event) => event.data)).toEqual([{ by: 1 }]);
  });

  it('refuses an append at a version the stream has not reached, leaving no gap', async () => {
    const streamId = nextStream();
    await store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1)] }, system);

    await expect(
      store.append({ streamId, streamType: 'counter', expectedVersion: 3, events: [increment(99)] }, system),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    await expect(
      store.append({ streamId, streamType: 'counter', expectedVersion: 3, events: [] }, system),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect((await store.readStream(streamId)).map((event) => event.version)).toEqual([1]);
  });

  it('lets exactly one of two concurrent writers at the same version win', async () => {
    const streamId = nextStream();
    const results = await Promise.allSettled([
      store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1)] }, system),
      store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(2)] }, system),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.readStream(streamId)).toHaveLength(1);
  });

  it('appends to several streams atomically: one conflict writes none of them', async () => {
    const untouched = nextStream();
    const existing = nextStream();
    await store.append(
      { streamId: existing, streamType: 'counter', expectedVersion: 0, events: [increment(1)] },
      system,
    );

    await expect(
      store.append(
        [
          { streamId: untouched, streamType: 'counter', expectedVersion: 0, events: [increment(1)] },
          { streamId: existing, streamType: 'counter', expectedVersion: 0, events: [increment(2)] },
        ],
        system,
      ),
    ).rejects.toBeInstanceOf(ConcurrencyConflictError);
    expect(await store.readStream(untouched)).toEqual([]);
  });

  it('publishes committed events on the CQRS event bus, with their metadata', async () => {
    const published: RecordedDomainEvent[] = [];
    const subscription = t.app.get(EventBus).subscribe((message) => {
      if (message instanceof RecordedDomainEvent) published.push(message);
    });
    const streamId = nextStream();
    await store.append(
      { streamId, streamType: 'counter', expectedVersion: 0, events: [increment(5)] },
      { actorId: null, correlationId: 'c-1' },
    );
    subscription.unsubscribe();

    expect(published.map((message) => message.event)).toEqual([
      expect.objectContaining({
        streamId,
        type: 'CounterIncremented',
        data: { by: 5 },
        metadata: { actorId: null, correlationId: 'c-1' },
      }),
    ]);
  });

  it('does not publish events whose append was refused', async () => {
    const streamId = nextStream();
    await store.append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(1)] }, system);
    const published: unknown[] = [];
    const subscription = t.app.get(EventBus).subscribe((message) => published.push(message));
    await store
      .append({ streamId, streamType: 'counter', expectedVersion: 0, events: [increment(2)] }, system)
      .catch(() => {});
    subscription.unsubscribe();
    expect(published).toEqual([]);
  });

  it('surfaces a conflicting write as HTTP 409, never a silent overwrite', async () => {
    const { body } = await t
      .http()
      .post('/api/auth/register')
      .send(newAccount({ name: 'Original Name' }))
      .expect(201);
    const auth = { Authorization: `Bearer ${body.accessToken}` };
    const streamId = `user-${body.user.id}`;

    // Every read of the account misses its latest event, as if another request always wrote in between.
    const readStream = store.readStream.bind(store);
    const spy = jest.spyOn(store, 'readStream').mockImplementation(async (id, em) => {
      const events = await readStream(id, em);
      return id === streamId ? events.slice(0, -1) : events;
    });
    const response = await t.http().put('/api/auth/profile').set(auth).send({ name: 'Lost Update' });
    spy.mockRestore();

    expect(response.status).toBe(409);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining('changed by another request') });
    const profile = await t.http().get('/api/auth/profile').set(auth).expect(200);
    expect(profile.body.user.name).toBe('Original Name');
  });
});
