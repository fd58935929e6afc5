import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/sql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AppModule } from '../app.module.js';
import { loadConfig } from '../config/app-config.js';
import type { RecordedEvent } from '../event-store/domain-event.js';
import { EventStore } from '../event-store/event-store.service.js';
import { Reaction, type ReactionHandler } from './reaction.js';
import { ReactionRunner } from './reaction-runner.service.js';
import { STARTUP_TIMEOUT_MS } from '../testing/test-app.js';

declare module '../event-store/domain-event.js' {
  interface DomainEventMap {
    BellRung: { ring: number };
    LightSwitched: { on: boolean };
  }
}

@Reaction({ name: 'test-every-process-bell', events: ['BellRung'], delivery: 'every-process' })
@Injectable()
class EveryProcessBell implements ReactionHandler<'BellRung'> {
  readonly heard: number[] = [];
  react(event: RecordedEvent<'BellRung'>): void {
    this.heard.push(event.data.ring);
  }
}

@Reaction({ name: 'test-once-bell', events: ['BellRung'], delivery: 'once' })
@Injectable()
class OnceBell implements ReactionHandler<'BellRung'> {
  readonly heard: number[] = [];
  /** Rings that fail the first time they are heard. */
  readonly failOnce = new Set<number>();
  react(event: RecordedEvent<'BellRung'>): void {
    if (this.failOnce.delete(event.data.ring)) throw new Error(`ring ${event.data.ring} went wrong`);
    this.heard.push(event.data.ring);
  }
}

describe('ReactionRunner', () => {
  let app: INestApplication;
  let store: EventStore;
  let runner: ReactionRunner;
  let orm: MikroORM;
  let everyProcess: EveryProcessBell;
  let once: OnceBell;
  let ring = 0;

  const rings = (...values: number[]) => values.map((value) => ({ type: 'BellRung' as const, data: { ring: value } }));
  const append = (events: ReturnType<typeof rings>) =>
    store.append({ streamId: `bell-${++ring}`, streamType: 'bell', expectedVersion: 'any', events }, { actorId: null });
  /** What another process sharing the database writes: in the log, but never on this process's committed$. */
  const appendElsewhere = (value: number) =>
    orm.em.fork().execute(
      `insert into events (stream_id, stream_type, version, type, data, metadata, occurred_at)
         values (?, 'bell', 1, 'BellRung', ?, '{"actorId":null}', now())`,
      [`bell-elsewhere-${value}`, JSON.stringify({ ring: value })],
    );

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'docent-reactions-')),
    });
    const moduleRef = await Test.createTestingModule({
      imports: [AppModule.forRoot({ ...config, database: { kind: 'pglite', dataDir: 'memory://' } })],
      providers: [EveryProcessBell, OnceBell],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    await app.get(ReactionRunner).start();
    store = app.get(EventStore);
    runner = app.get(ReactionRunner);
    orm = app.get(MikroORM);
    everyProcess = app.get(EveryProcessBell);
    once = app.get(OnceBell);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => app.close());

  beforeEach(async () => {
    await runner.catchUp();
    everyProcess.heard.length = 0;
    once.heard.length = 0;
  });

  it('gives each reaction the events of its types, in log order, and no others', async () => {
    await append(rings(1, 2));
    await store.append(
      {
        streamId: 'light-1',
        streamType: 'light',
        expectedVersion: 'any',
        events: [{ type: 'LightSwitched', data: { on: true } }],
      },
      { actorId: null },
    );
    await append(rings(3));
    await runner.catchUp();

    expect(everyProcess.heard).toEqual([1, 2, 3]);
    expect(once.heard).toEqual([1, 2, 3]);
  });

  it('hears events another process appended to the shared log', async () => {
    await appendElsewhere(10);
    await append(rings(11));
    await runner.catchUp();

    expect(everyProcess.heard).toEqual([10, 11]);
    expect(once.heard).toEqual([10, 11]);
  });

  it('gives a once-delivered reaction the event it failed on again, and nothing twice that it finished', async () => {
    once.failOnce.add(21);
    await append(rings(20, 21, 22));

    await expect(runner.catchUp()).rejects.toThrow('Reaction test-once-bell failed: ring 21 went wrong');
    await runner.catchUp();

    expect(once.heard).toEqual([20, 21, 22]);
  });

  it('leaves a batch claimed by another process to it until the claim runs out', async () => {
    const em = orm.em.fork();
    await em.execute(
      `update reaction_checkpoints set claimed_until = now() + interval '1 hour' where name = 'test-once-bell'`,
    );
    await append(rings(30));
    await runner.catchUp();
    expect(once.heard).toEqual([]);

    await em.execute(
      `update reaction_checkpoints set claimed_until = now() - interval '1 second' where name = 'test-once-bell'`,
    );
    await runner.catchUp();
    expect(once.heard).toEqual([30]);
  });
});
