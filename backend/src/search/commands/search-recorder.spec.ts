import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Principal } from '../../auth/principal.js';
import { EventStore } from '../../event-store/event-store.service.js';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../testing/test-app.js';
import { searchStreamId } from '../domain/search.events.js';
import { SearchStatsViews } from '../read-model/search-stats-views.js';
import { SearchRecorder } from './search-recorder.js';

const searcher = (): Principal => ({
  userId: randomUUID(),
  role: 'user',
  isDemo: false,
  sessionId: null,
  apiKeyId: null,
});
const search = (query: string) => ({ type: 'keyword' as const, query, resultCount: 1, tookMs: 5, success: true });

describe('SearchRecorder', () => {
  let t: TestApp;
  let recorder: SearchRecorder;
  let store: EventStore;

  beforeAll(async () => {
    t = await startTestApp();
    recorder = t.app.get(SearchRecorder);
    store = t.app.get(EventStore);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it("records a searcher's searches made together in one commit, in the order they were made", async () => {
    const principal = searcher();
    const commits: string[][] = [];
    const subscription = store.committed$.subscribe((events) => {
      const mine = events.filter((event) => event.streamId === searchStreamId(principal.userId));
      if (mine.length > 0) commits.push(mine.map((event) => (event.data as { query: string }).query));
    });

    for (const query of ['first', 'second', 'third']) recorder.record(search(query), principal);
    await recorder.recorded();
    subscription.unsubscribe();

    expect(commits).toEqual([['first', 'second', 'third']]);
    const events = await store.readStream(searchStreamId(principal.userId));
    expect(events.map((event) => [event.type, event.metadata.actorId])).toEqual([
      ['SearchPerformed', principal.userId],
      ['SearchPerformed', principal.userId],
      ['SearchPerformed', principal.userId],
    ]);
  });

  it('shows a search to the history read right after it, before the batch would have been written', async () => {
    const principal = searcher();
    recorder.record(search('just now'), principal);
    expect(await t.app.get(SearchStatsViews).history(principal.userId)).toEqual(['just now']);
  });

  it('loses only the search the database refuses, not the others recorded with it', async () => {
    const principal = searcher();
    // A NUL character is no PostgreSQL text or jsonb value: that one event cannot be stored.
    for (const query of ['kept before', 'refused \u0000', 'kept after']) recorder.record(search(query), principal);
    await recorder.recorded();

    const events = await store.readStream(searchStreamId(principal.userId));
    expect(events.map((event) => (event.data as { query: string }).query)).toEqual(['kept before', 'kept after']);
  });
});
