import { Inject, Injectable, Logger } from '@nestjs/common';
import { IsolationLevel, MikroORM, type EntityManager } from '@mikro-orm/sql';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { DocumentProcessor } from '../documents/processing/document-processor.service.js';
import { FILE_STORE, type FileStore, type StagedFile } from '../documents/storage/file-store.js';
import { EVENT_LOG_LOCK } from '../event-store/event-store.service.js';
import { ProjectionRebuilder } from '../projections/projection-rebuilder.service.js';
import { VERSION } from '../status/status.service.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  EVENTS_PATH,
  InstanceNotEmptyError,
  InvalidArchiveError,
  isArchiveManifest,
  MANIFEST_PATH,
  ORIGINALS_PREFIX,
  type ArchivedEvent,
  type ArchiveManifest,
  type ArchivePart,
} from './instance-archive.js';

const BATCH_SIZE = 1_000;

interface EventLine {
  position: string | number;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  occurred_at: string;
}

export interface BackupSummary {
  eventCount: number;
  lastPosition: number;
  fileCount: number;
}

/**
 * Backs the whole instance up into one archive (see instance-archive.ts) and restores such
 * an archive into an empty instance: the log appended back verbatim, the originals stored,
 * every projection rebuilt and the search index derived again. Provider keys are in the
 * log encrypted, and stay so: a restore reads them only with the same MODEL_SECRETS_KEY.
 */
@Injectable()
export class InstanceBackup {
  private readonly logger = new Logger(InstanceBackup.name);

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(FILE_STORE) private readonly files: FileStore,
    private readonly rebuilder: ProjectionRebuilder,
    private readonly processor: DocumentProcessor,
  ) {}

  /**
   * Writes the archive (gzipped tar) to `out`, leaving the caller to end it: the log as it
   * stood when the backup began, and its originals.
   */
  async backUp(out: Writable): Promise<BackupSummary> {
    const workDir = await mkdtemp(join(tmpdir(), 'docent-backup-'));
    try {
      const eventsPath = join(workDir, EVENTS_PATH);
      // One snapshot for the log and the originals it references, while appends go on.
      const snapshot = await this.orm.em
        .fork()
        .transactional((em) => this.writeEvents(em, eventsPath), { isolationLevel: IsolationLevel.REPEATABLE_READ });
      const originals: ArchivePart[] = [];
      for (const sha256 of snapshot.originals) {
        originals.push({ path: `${ORIGINALS_PREFIX}${sha256}`, size: await this.files.size(sha256), sha256 });
      }
      const manifest: ArchiveManifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        appVersion: VERSION,
        createdAt: new Date().toISOString(),
        eventCount: snapshot.eventCount,
        lastPosition: snapshot.lastPosition,
        fileCount: originals.length,
        parts: [snapshot.events, ...originals],
      };

      const pack = tar.pack();
      const written = pipeline(pack, createGzip(), out, { end: false });
      // A reader that goes away fails `written`, which must end the entry being written too.
      const entry = async (part: { path: string; size: number }, content: Readable) => {
        await Promise.race([pipeline(content, pack.entry({ name: part.path, size: part.size })), written]);
      };
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
      await entry({ path: MANIFEST_PATH, size: manifestBytes.byteLength }, Readable.from([manifestBytes]));
      await entry(snapshot.events, createReadStream(eventsPath));
      for (const part of originals) await entry(part, this.files.get(part.sha256));
      pack.finalize();
      await written;
      return { eventCount: manifest.eventCount, lastPosition: manifest.lastPosition, fileCount: manifest.fileCount };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * Restores an archive into this instance, which must be empty (no user, no document):
   * its log is replaced by the archive's. Everything is checked before anything is
   * applied, and a failure while applying empties the instance again.
   */
  async restore(archive: Readable): Promise<BackupSummary> {
    await this.refuseUnlessEmpty(this.orm.em.fork());
    const workDir = await mkdtemp(join(tmpdir(), 'docent-restore-'));
    const staged: StagedFile[] = [];
    try {
      const { manifest, eventsPath } = await this.readArchive(archive, join(workDir, EVENTS_PATH), staged);
      const committed: string[] = [];
      try {
        await this.orm.em.fork().transactional(async (em) => {
          await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
          await this.refuseUnlessEmpty(em);
          await em.execute('delete from events');
          await this.appendEvents(em, eventsPath, manifest);
        });
        for (const file of staged) {
          await file.commit();
          committed.push(file.sha256);
        }
        await this.rebuilder.rebuild();
        const [documents] = await this.orm.em
          .fork()
          .execute<{ ids: string[] | null }[]>(
            `select array_agg(id::text) as ids from documents where status = 'processed'`,
          );
        for (const documentId of documents?.ids ?? []) await this.processor.rederive(documentId);
      } catch (error) {
        await this.emptyAgain(committed);
        throw error;
      }
      return { eventCount: manifest.eventCount, lastPosition: manifest.lastPosition, fileCount: manifest.fileCount };
    } finally {
      for (const file of staged) await file.discard();
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async writeEvents(
    em: EntityManager,
    path: string,
  ): Promise<{ events: ArchivePart; eventCount: number; lastPosition: number; originals: string[] }> {
    const hash = createHash('sha256');
    const out = createWriteStream(path);
    let size = 0;
    let eventCount = 0;
    let lastPosition = 0;
    for (;;) {
      const rows = await em.execute<EventLine[]>(
        `select position, stream_id, stream_type, version, type, schema_version, data::text as data,
                metadata::text as metadata,
                to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at
         from events where position > ? order by position limit ?`,
        [lastPosition, BATCH_SIZE],
      );
      if (rows.length === 0) break;
      const lines = rows
        .map((row) =>
          JSON.stringify({
            position: Number(row.position),
            streamId: row.stream_id,
            streamType: row.stream_type,
            version: Number(row.version),
            type: row.type,
            schemaVersion: Number(row.schema_version),
            data: JSON.parse(row.data),
            metadata: JSON.parse(row.metadata),
            occurredAt: row.occurred_at,
          } satisfies ArchivedEvent),
        )
        .map((line) => `${line}\n`)
        .join('');
      const chunk = Buffer.from(lines);
      hash.update(chunk);
      size += chunk.byteLength;
      if (!out.write(chunk)) await once(out, 'drain');
      eventCount += rows.length;
      lastPosition = Number(rows.at(-1)!.position);
    }
    out.end();
    await finished(out);
    const originals = await em.execute<{ sha256: string }[]>('select distinct sha256 from documents order by sha256');
    return {
      events: { path: EVENTS_PATH, size, sha256: hash.digest('hex') },
      eventCount,
      lastPosition,
      originals: originals.map((row) => row.sha256),
    };
  }

  private async refuseUnlessEmpty(em: EntityManager): Promise<void> {
    const [row] = await em.execute<{ users: string | number; documents: string | number }[]>(
      'select (select count(*) from users) as users, (select count(*) from documents) as documents',
    );
    const users = Number(row?.users ?? 0);
    const documents = Number(row?.documents ?? 0);
    if (users > 0 || documents > 0) throw new InstanceNotEmptyError(users, documents);
  }

  /** Reads and checks the whole archive: the event log into `eventsPath`, each original staged in the store. */
  private async readArchive(
    archive: Readable,
    eventsPath: string,
    staged: StagedFile[],
  ): Promise<{ manifest: ArchiveManifest; eventsPath: string }> {
    const extract = tar.extract();
    const reading = pipeline(archive, createGunzip(), extract);
    let manifest: ArchiveManifest | undefined;
    const seen = new Map<string, { size: number; sha256: string }>();
    try {
      for await (const entry of extract) {
        const path = entry.header.name;
        // The entry is a streamx stream: the file store and pipeline take Node's.
        const content = Readable.from(entry);
        if (!manifest) {
          if (path !== MANIFEST_PATH) throw new InvalidArchiveError(`The archive does not begin with ${MANIFEST_PATH}`);
          manifest = parseManifest(await readAll(content));
          continue;
        }
        const expected = manifest.parts.find((part) => part.path === path);
        if (!expected || seen.has(path)) throw new InvalidArchiveError(`The archive holds an unexpected ${path}`);
        if (path === EVENTS_PATH) {
          seen.set(path, await copyHashing(content, eventsPath));
        } else if (path.startsWith(ORIGINALS_PREFIX)) {
          const file = await this.files.stage(content);
          staged.push(file);
          seen.set(path, { size: file.size, sha256: file.sha256 });
          if (file.sha256 !== path.slice(ORIGINALS_PREFIX.length)) {
            throw new InvalidArchiveError(`${path} does not hold the content its name promises`);
          }
        } else {
          throw new InvalidArchiveError(`The archive holds an unexpected ${path}`);
        }
      }
      await reading;
    } catch (error) {
      reading.catch(() => undefined);
      if (error instanceof InvalidArchiveError) throw error;
      throw new InvalidArchiveError(`The archive is damaged or not an instance backup: ${(error as Error).message}`);
    }
    if (!manifest) throw new InvalidArchiveError('The archive is empty');
    for (const part of manifest.parts) {
      const found = seen.get(part.path);
      if (!found) throw new InvalidArchiveError(`The archive lacks ${part.path}`);
      if (found.size !== part.size || found.sha256 !== part.sha256) {
        throw new InvalidArchiveError(`${part.path} does not match its checksum: the archive is damaged`);
      }
    }
    if (!seen.has(EVENTS_PATH)) throw new InvalidArchiveError(`The archive lacks ${EVENTS_PATH}`);
    return { manifest, eventsPath };
  }

  /** Appends every archived event at its own position, then moves the position sequence past them. */
  private async appendEvents(em: EntityManager, eventsPath: string, manifest: ArchiveManifest): Promise<void> {
    let batch: ArchivedEvent[] = [];
    let count = 0;
    let lastPosition = 0;
    const insert = async () => {
      if (batch.length === 0) return;
      await em.execute(
        `insert into events (position, stream_id, stream_type, version, type, schema_version, data, metadata, occurred_at)
         select e.position, e.stream_id, e.stream_type, e.version, e.type, e.schema_version, e.data, e.metadata,
                e.occurred_at::timestamptz
         from jsonb_to_recordset(?::jsonb) as e(position bigint, stream_id text, stream_type text, version int,
              type text, schema_version smallint, data jsonb, metadata jsonb, occurred_at text)
         order by e.position`,
        [
          JSON.stringify(
            batch.map((event) => ({
              position: event.position,
              stream_id: event.streamId,
              stream_type: event.streamType,
              version: event.version,
              type: event.type,
              schema_version: event.schemaVersion,
              data: event.data,
              metadata: event.metadata,
              occurred_at: event.occurredAt,
            })),
          ),
        ],
      );
      batch = [];
    };
    const lines = createInterface({ input: createReadStream(eventsPath), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.length === 0) continue;
      const event = JSON.parse(line) as ArchivedEvent;
      if (!(event.position > lastPosition)) throw new InvalidArchiveError('The archived events are out of order');
      lastPosition = event.position;
      count += 1;
      batch.push(event);
      if (batch.length === BATCH_SIZE) await insert();
    }
    await insert();
    if (count !== manifest.eventCount || lastPosition !== manifest.lastPosition) {
      throw new InvalidArchiveError(
        `The archive's events (${count}, up to position ${lastPosition}) are not those its manifest lists`,
      );
    }
    if (lastPosition > 0) {
      await em.execute(`select setval(pg_get_serial_sequence('events', 'position'), ?)`, [lastPosition]);
    }
    // Reactions that keep a checkpoint had dealt with these events where they were recorded.
    await em.execute('update reaction_checkpoints set position = ?, claimed_until = null', [lastPosition]);
  }

  /** Undoes a restore that failed while applying: no event, no read row, no restored original is left. */
  private async emptyAgain(committedOriginals: string[]): Promise<void> {
    this.logger.warn('The restore failed while applying; emptying the instance again');
    const [documents] = await this.orm.em
      .fork()
      .execute<{ ids: string[] | null }[]>('select array_agg(id::text) as ids from documents');
    await this.orm.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?)', [EVENT_LOG_LOCK]);
      await em.execute('delete from events');
      await em.execute(`select setval(pg_get_serial_sequence('events', 'position'), 1, false)`);
      await em.execute('update reaction_checkpoints set position = 0, claimed_until = null');
    });
    await this.rebuilder.rebuild();
    for (const documentId of documents?.ids ?? []) await this.processor.forget(documentId);
    for (const sha256 of committedOriginals) await this.files.delete(sha256);
  }
}

function parseManifest(bytes: Buffer): ArchiveManifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidArchiveError(`${MANIFEST_PATH} is not JSON`);
  }
  if (!isArchiveManifest(value)) throw new InvalidArchiveError('Not a Docent instance backup');
  if (value.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new InvalidArchiveError(
      `The backup is of format ${value.formatVersion}, newer than this server reads (${ARCHIVE_FORMAT_VERSION}): upgrade it`,
    );
  }
  return value;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function copyHashing(source: Readable, path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.byteLength;
        yield chunk;
      }
    },
    createWriteStream(path),
  );
  return { size, sha256: hash.digest('hex') };
}
