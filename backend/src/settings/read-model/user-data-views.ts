import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { PERFORMANCE_SAMPLE_SIZE, type LatencySample } from '@docent/common/settings';
import type { Principal } from '../../auth/principal.js';
import { documentAccessFilter } from '../../documents/document-access.js';
import { DocumentEntity } from '../../documents/read-model/document.entity.js';
import { upcast } from '../../event-store/event-versions.js';
import { SearchRecorder } from '../../search/commands/search-recorder.js';
import { searchStreamId } from '../../search/domain/search.events.js';

interface SearchEventRow {
  data: unknown;
  schema_version: number;
  occurred_at: Date | string;
}

interface ChatAnswerRow {
  latency_ms: number;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** A user's own data across the features' read tables: what a backup holds and what their latencies were. */
@Injectable()
export class UserDataViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly searches: SearchRecorder,
  ) {}

  /** The metadata the user set on the documents they uploaded, keyed by document id. */
  async documentMetadata(userId: string): Promise<Record<string, Record<string, unknown>>> {
    const documents = await this.orm.em
      .fork()
      .find(DocumentEntity, { uploadedBy: userId, userMetadata: { $ne: null } }, { orderBy: { uploadedAt: 'asc' } });
    return Object.fromEntries(documents.map((document) => [document.id, document.userMetadata ?? {}]));
  }

  /** Of these documents, the ones the caller may change the metadata of. */
  async updatableDocuments(documentIds: string[], principal: Principal): Promise<Set<string>> {
    if (documentIds.length === 0) return new Set();
    const documents = await this.orm.em
      .fork()
      .find(DocumentEntity, { $and: [{ id: { $in: documentIds } }, documentAccessFilter(principal, 'update')] });
    return new Set(documents.map((document) => document.id));
  }

  /** The user's latest searches, newest first, as their SearchPerformed events recorded them (the waiting ones recorded first). */
  async searchLatencies(userId: string): Promise<LatencySample[]> {
    await this.searches.recorded();
    const rows = await this.orm.em.fork().execute<SearchEventRow[]>(
      `select data, schema_version, occurred_at from events
       where stream_id = ? and type = 'SearchPerformed' order by version desc limit ?`,
      [searchStreamId(userId), PERFORMANCE_SAMPLE_SIZE],
    );
    return rows.map((row) => {
      const search = upcast('SearchPerformed', row.schema_version, json(row.data));
      return { at: iso(row.occurred_at), latencyMs: search.tookMs, success: search.success };
    });
  }

  /** The user's latest chat answers, newest first, each with the time from question to full answer. */
  async chatLatencies(userId: string): Promise<LatencySample[]> {
    const rows = await this.orm.em.fork().execute<ChatAnswerRow[]>(
      `select message.latency_ms, message.created_at from chat_messages message
       join chat_sessions session on session.id = message.session_id
       where session.user_id = ? and message.role = 'assistant' and message.latency_ms is not null
       order by message.position desc limit ?`,
      [userId, PERFORMANCE_SAMPLE_SIZE],
    );
    return rows.map((row) => ({ at: iso(row.created_at), latencyMs: Number(row.latency_ms), success: true }));
  }
}
