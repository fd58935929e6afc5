import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DomainEvent, RecordedEvent } from '../../event-store/domain-event.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../testing/test-app.js';
import { UserActivityEntity } from './user-activity.entity.js';
import { UserActivityProjection } from './user-activity.projection.js';

// Given events in the log, when the user activity projection folds them, one at a time or as
// one batch, then User Management shows when each user was last active and what they uploaded.

let t: TestApp;
let position = 0;
const alice = randomUUID();
const bob = randomUUID();

function recorded(event: DomainEvent, at: string, actorId: string | null, streamId = `s-${randomUUID()}`) {
  position += 1;
  return {
    ...event,
    position,
    streamId,
    streamType: 'test',
    version: 1,
    metadata: { actorId },
    occurredAt: new Date(at),
  } as RecordedEvent;
}

const modelCall = (at: string, userId: string) =>
  recorded(
    {
      type: 'ModelInvoked',
      data: {
        modelId: 'local:extractive',
        providerId: 'local',
        userId,
        inputTokens: 1,
        outputTokens: 1,
        cost: 0,
        latencyMs: 1,
        outcome: 'success',
        error: null,
        finishReason: 'stop',
        fallback: false,
        streamed: false,
      },
    },
    at,
    userId,
  );

const upload = (at: string, userId: string) =>
  recorded(
    {
      type: 'DocumentUploaded',
      data: {
        documentId: randomUUID(),
        name: 'notes.txt',
        type: 'TXT',
        contentType: 'text/plain',
        sizeBytes: 5,
        sha256: 'a'.repeat(64),
        uploadedBy: userId,
        accessLevel: 'private',
      },
    },
    at,
    userId,
  );

const deletion = (at: string, userId: string) =>
  recorded({ type: 'UserDeleted', data: { email: 'gone@example.com', name: 'Gone' } }, at, null, `user-${userId}`);

/** Folds the events into emptied tables, as one batch or one event per call, and returns the rows by user. */
async function fold(events: RecordedEvent[], batched: boolean) {
  const projection = t.app.get(UserActivityProjection);
  return t.app
    .get(MikroORM)
    .em.fork()
    .transactional(async (em) => {
      await projection.reset(em);
      if (batched) await projection.applyAll(events, em);
      else for (const event of events) await projection.apply(event, em);
      const rows = await em.find(UserActivityEntity, {}, { orderBy: { userId: 'asc' } });
      return rows.map(({ userId, lastActiveAt, documentsUploaded }) => ({ userId, lastActiveAt, documentsUploaded }));
    });
}

beforeAll(async () => {
  t = await startTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

describe('the user activity projection', () => {
  const events = () => [
    upload('2026-11-20T09:00:00Z', alice),
    modelCall('2026-11-20T10:00:00Z', alice),
    modelCall('2026-11-20T09:30:00Z', alice),
    upload('2026-11-20T11:00:00Z', bob),
    deletion('2026-11-20T12:00:00Z', bob),
    upload('2026-11-20T08:00:00Z', alice),
  ];

  it('keeps each user’s latest activity and counts their uploads', async () => {
    const rows = await fold(events(), true);
    expect(rows).toEqual([{ userId: alice, lastActiveAt: new Date('2026-11-20T10:00:00Z'), documentsUploaded: 2 }]);
  });

  it('drops a deleted user’s row, with what the same batch held for them before the deletion', async () => {
    const rows = await fold([...events(), modelCall('2026-11-20T13:00:00Z', bob)], true);
    expect(rows.find((row) => row.userId === bob)).toEqual({
      userId: bob,
      lastActiveAt: new Date('2026-11-20T13:00:00Z'),
      documentsUploaded: 0,
    });
  });

  it('folds a batch into the rows that one event at a time gives', async () => {
    const batch = [...events(), modelCall('2026-11-20T13:00:00Z', bob)];
    expect(await fold(batch, true)).toEqual(await fold(batch, false));
  });
});
