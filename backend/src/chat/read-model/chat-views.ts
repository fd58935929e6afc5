import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import {
  MAX_CHAT_SESSIONS,
  type ChatCitation,
  type ChatMessageView,
  type ChatSessionDetail,
  type ChatSessionSummary,
} from '@docent/common/chat';
import type { DocumentType } from '@docent/common/documents';
import type { Actor } from '@docent/common/permissions';
import { DomainError } from '../../common/domain-error.js';
import { CHAT_SESSION_NOT_FOUND } from '../domain/chat-session.decider.js';
import type { CitedPassage } from '../domain/chat.events.js';
import { PASSAGE_TEXTS, type PassageTexts } from '../../search/retrieval/passage-texts.port.js';

/** A cited passage's text when its chunk is gone or its reader may no longer read it. */
export const PASSAGE_NO_LONGER_AVAILABLE =
  'This passage is no longer available: its document was deleted or reprocessed, or you may no longer read it.';

interface SessionRow {
  id: string;
  title: string;
  created_at: Date | string;
  updated_at: Date | string;
  message_count: number | string;
}

interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: Date | string;
  citations: unknown;
  grounded: boolean | null;
  model: unknown;
  usage: unknown;
  cost: string | number | null;
  latency_ms: number | null;
}

export interface ChatCounters {
  answered: number;
  failed: number;
  /** Summed over answered and failed questions. */
  latencyMs: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A user's sessions and messages; another user's session reads as not found. */
@Injectable()
export class ChatViews {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PASSAGE_TEXTS) private readonly passages: PassageTexts,
  ) {}

  async sessions(userId: string): Promise<ChatSessionSummary[]> {
    const rows = await this.orm.em
      .fork()
      .execute<SessionRow[]>(`select * from chat_sessions where user_id = ? order by updated_at desc, id limit ?`, [
        userId,
        MAX_CHAT_SESSIONS,
      ]);
    return rows.map(toSummary);
  }

  /** The reader's session, its citations with the text of the passages they cite as it is now. */
  async session(reader: Actor & { userId: string }, sessionId: string): Promise<ChatSessionDetail> {
    const em = this.orm.em.fork();
    const [row] = await em.execute<SessionRow[]>(`select * from chat_sessions where id = ? and user_id = ?`, [
      sessionId,
      reader.userId,
    ]);
    if (!row) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
    const rows = await em.execute<MessageRow[]>(`select * from chat_messages where session_id = ? order by position`, [
      sessionId,
    ]);
    const cited = new Map(rows.map((message) => [message.id, json<CitedPassage[] | null>(message.citations) ?? []]));
    const texts = await this.passages.textsOf(
      [...cited.values()].flat().map((passage) => passage.chunkId),
      reader,
    );
    const messages = rows.map((message) => toMessage(message, cited.get(message.id)!, texts));
    return { ...toSummary(row), messages };
  }

  async summary(userId: string, sessionId: string): Promise<ChatSessionSummary> {
    const [row] = await this.orm.em
      .fork()
      .execute<SessionRow[]>(`select * from chat_sessions where id = ? and user_id = ?`, [sessionId, userId]);
    if (!row) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
    return toSummary(row);
  }

  /** The last `count` messages of a session, oldest first: the conversation a follow-up question continues. */
  async conversation(sessionId: string, count: number): Promise<Pick<ChatMessageView, 'role' | 'content'>[]> {
    const rows = await this.orm.em
      .fork()
      .execute<Pick<MessageRow, 'role' | 'content'>[]>(
        `select role, content from chat_messages where session_id = ? order by position desc limit ?`,
        [sessionId, count],
      );
    return rows.reverse();
  }

  /** The user's sessions beyond the most they keep, least recently updated first. */
  async sessionsBeyondLimit(userId: string): Promise<string[]> {
    const rows = await this.orm.em
      .fork()
      .execute<{ id: string }[]>(
        `select id from chat_sessions where user_id = ? order by updated_at desc, id offset ?`,
        [userId, MAX_CHAT_SESSIONS],
      );
    return rows.map((row) => row.id);
  }

  async counters(): Promise<ChatCounters> {
    const [row] = await this.orm.em
      .fork()
      .execute<{ answered: string | number; failed: string | number; latency_ms: string | number }[]>(
        'select * from chat_stats',
      );
    return {
      answered: Number(row?.answered ?? 0),
      failed: Number(row?.failed ?? 0),
      latencyMs: Number(row?.latency_ms ?? 0),
    };
  }
}

function toSummary(row: SessionRow): ChatSessionSummary {
  return {
    id: row.id,
    title: row.title,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    messageCount: Number(row.message_count),
  };
}

function toMessage(row: MessageRow, cited: CitedPassage[], texts: Map<string, string>): ChatMessageView {
  const message: ChatMessageView = { id: row.id, role: row.role, content: row.content, createdAt: iso(row.created_at) };
  if (row.role === 'user') return message;
  return {
    ...message,
    citations: cited.map((passage) => toCitation(passage, texts)),
    grounded: row.grounded ?? false,
    ...(row.model != null && { model: json(row.model) }),
    ...(row.usage != null && { usage: json(row.usage) }),
    ...(row.cost != null && { cost: Number(row.cost) }),
    ...(row.latency_ms != null && { latencyMs: row.latency_ms }),
  };
}

/** Field by field: rows an older server projected also hold the passage's text as it was then. */
function toCitation(passage: CitedPassage, texts: Map<string, string>): ChatCitation {
  const { number, documentId, documentName, documentType, chunkId, position, snippet, highlights } = passage;
  return {
    number,
    documentId,
    documentName,
    // The type the document had when it was cited, one of the API's then as now.
    documentType: documentType as DocumentType,
    chunkId,
    position,
    text: texts.get(chunkId) ?? PASSAGE_NO_LONGER_AVAILABLE,
    snippet,
    highlights,
  };
}
