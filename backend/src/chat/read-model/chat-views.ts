import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import {
  MAX_CHAT_SESSIONS,
  type ChatMessageView,
  type ChatSessionDetail,
  type ChatSessionSummary,
} from '@docent/common/chat';
import { DomainError } from '../../common/domain-error.js';
import { CHAT_SESSION_NOT_FOUND } from '../domain/chat-session.decider.js';

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
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async sessions(userId: string): Promise<ChatSessionSummary[]> {
    const rows = await this.orm.em
      .fork()
      .execute<SessionRow[]>(`select * from chat_sessions where user_id = ? order by updated_at desc, id limit ?`, [
        userId,
        MAX_CHAT_SESSIONS,
      ]);
    return rows.map(toSummary);
  }

  async session(userId: string, sessionId: string): Promise<ChatSessionDetail> {
    const em = this.orm.em.fork();
    const [row] = await em.execute<SessionRow[]>(`select * from chat_sessions where id = ? and user_id = ?`, [
      sessionId,
      userId,
    ]);
    if (!row) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
    const messages = await em.execute<MessageRow[]>(
      `select * from chat_messages where session_id = ? order by position`,
      [sessionId],
    );
    return { ...toSummary(row), messages: messages.map(toMessage) };
  }

  async summary(userId: string, sessionId: string): Promise<ChatSessionSummary> {
    const [row] = await this.orm.em
      .fork()
      .execute<SessionRow[]>(`select * from chat_sessions where id = ? and user_id = ?`, [sessionId, userId]);
    if (!row) throw new DomainError('not-found', CHAT_SESSION_NOT_FOUND);
    return toSummary(row);
  }

  /** The last `count` messages of a session, oldest first: the conversation a follow-up question continues. */
  async recentMessages(sessionId: string, count: number): Promise<ChatMessageView[]> {
    const rows = await this.orm.em
      .fork()
      .execute<MessageRow[]>(`select * from chat_messages where session_id = ? order by position desc limit ?`, [
        sessionId,
        count,
      ]);
    return rows.reverse().map(toMessage);
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

function toMessage(row: MessageRow): ChatMessageView {
  const message: ChatMessageView = { id: row.id, role: row.role, content: row.content, createdAt: iso(row.created_at) };
  if (row.role === 'user') return message;
  return {
    ...message,
    citations: json(row.citations) ?? [],
    grounded: row.grounded ?? false,
    ...(row.model != null && { model: json(row.model) }),
    ...(row.usage != null && { usage: json(row.usage) }),
    ...(row.cost != null && { cost: Number(row.cost) }),
    ...(row.latency_ms != null && { latencyMs: row.latency_ms }),
  };
}
