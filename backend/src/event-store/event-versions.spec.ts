import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/sql';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../testing/test-app.js';
import { EventStore } from './event-store.service.js';
import { currentVersionOf, defineEventVersions, upcast } from './event-versions.js';

declare module './domain-event.js' {
  interface DomainEventMap {
    /** v1 { name }, v2 { firstName, lastName }, v3 (now) { firstName, lastName, nickname }. */
    GreeterRenamed: { firstName: string; lastName: string; nickname: string | null };
  }
}

interface GreeterRenamedV1 {
  name: string;
}
interface GreeterRenamedV2 {
  firstName: string;
  lastName: string;
}

defineEventVersions('GreeterRenamed', {
  current: 3,
  upcasters: {
    1: ({ name }: GreeterRenamedV1): GreeterRenamedV2 => {
      const [firstName = '', ...rest] = name.split(' ');
      return { firstName, lastName: rest.join(' ') };
    },
    2: (v2: GreeterRenamedV2) => ({ ...v2, nickname: null }),
  },
});

describe('event versions', () => {
  it('brings a stored payload of any older version up to the current one, step by step', () => {
    expect(upcast('GreeterRenamed', 1, { name: 'Ada King Lovelace' })).toEqual({
      firstName: 'Ada',
      lastName: 'King Lovelace',
      nickname: null,
    });
    expect(upcast('GreeterRenamed', 3, { firstName: 'Ada', lastName: 'L', nickname: 'A' })).toEqual({
      firstName: 'Ada',
      lastName: 'L',
      nickname: 'A',
    });
  });

  it('leaves types that were never versioned alone, at version 1', () => {
    expect(currentVersionOf('SomethingElseHappened')).toBe(1);
  });

  it('refuses an event written by a newer server rather than misreading it', () => {
    expect(() => upcast('GreeterRenamed', 4, {})).toThrow(
      'GreeterRenamed v4 is newer than this server knows (v3): upgrade it',
    );
  });

  it('refuses a definition with a missing upcaster', () => {
    expect(() => defineEventVersions('GreeterRenamed', { current: 3, upcasters: { 1: () => ({}) } })).toThrow(
      'GreeterRenamed v2 has no upcaster to v3',
    );
  });

  describe('in the event store', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    }, STARTUP_TIMEOUT_MS);
    afterAll(() => t.close());

    it('writes new events at the current version and reads old ones upcast', async () => {
      const store = t.app.get(EventStore);
      const em = t.app.get(MikroORM).em.fork();
      await em.execute(
        `insert into events (stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at)
         values ('greeter-1', 'greeter', 1, 'GreeterRenamed', 1, '{"name":"Grace Hopper"}', '{"actorId":null}', now())`,
      );
      await store.append(
        {
          streamId: 'greeter-1',
          streamType: 'greeter',
          expectedVersion: 1,
          events: [{ type: 'GreeterRenamed', data: { firstName: 'Grace', lastName: 'Hopper', nickname: 'Amazing' } }],
        },
        { actorId: null },
      );

      expect((await store.readStream('greeter-1')).map((event) => event.data)).toEqual([
        { firstName: 'Grace', lastName: 'Hopper', nickname: null },
        { firstName: 'Grace', lastName: 'Hopper', nickname: 'Amazing' },
      ]);
      const stored = await em.execute(
        `select schema_version from events where stream_id = 'greeter-1' order by version`,
      );
      expect(stored.map((row) => Number(row.schema_version))).toEqual([1, 3]);
    });
  });
});
