import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordedEvent } from '../../event-store/domain-event.js';
import { Projection, type ProjectionHandler } from '../../projections/projection.js';

/**
 * Each user's sessions with their messages, and the chat counters. Inline: the session
 * list read right after an answer already has it, and the next question's history too.
 */
@Projection({ name: 'chat', mode: 'inline' })
@Injectable()
export class ChatProjection implements ProjectionHandler {
  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const at = event.occurredAt.toISOString();
    switch (event.type) {
      case 'ChatSessionStarted':
        await em.execute(
          `insert into chat_sessions (id, user_id, title, created_at, updated_at, message_count) values (?, ?, ?, ?, ?, 0)`,
          [event.data.sessionId, event.data.userId, event.data.title, at, at],
        );
        return;
      case 'ChatQuestionAsked':
        await this.addMessage(em, event.data.sessionId, at, {
          id: event.data.messageId,
          position: event.position,
          role: 'user',
          content: event.data.content,
          created_at: at,
        });
        return;
      case 'ChatAnswered': {
        const { sessionId, messageId, content, citations, grounded, model, usage, cost, latencyMs } = event.data;
        await this.addMessage(em, sessionId, at, {
          id: messageId,
          position: event.position,
          role: 'assistant',
          content,
          created_at: at,
          citations: JSON.stringify(citations),
          grounded,
          model: model && JSON.stringify(model),
          usage: JSON.stringify(usage),
          cost,
          latency_ms: latencyMs,
        });
        await this.count(em, { answered: 1, failed: 0, latencyMs });
        return;
      }
      case 'ChatAnswerFailed':
        await this.count(em, { answered: 0, failed: 1, latencyMs: event.data.latencyMs });
        return;
      case 'ChatSessionRenamed':
        await em.execute(`update chat_sessions set title = ? where id = ?`, [event.data.title, event.data.sessionId]);
        return;
      case 'ChatSessionDeleted':
        await em.execute(`delete from chat_sessions where id = ?`, [event.data.sessionId]);
        return;
      default:
        return;
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute('delete from chat_sessions');
    await em.execute('delete from chat_stats');
  }

  /** Skipped when the session was deleted while its answer was being written. */
  private async addMessage(
    em: EntityManager,
    sessionId: string,
    at: string,
    row: Record<string, unknown>,
  ): Promise<void> {
    const columns = Object.keys(row);
    await em.execute(
      `insert into chat_messages (session_id, ${columns.join(', ')})
       select id, ${columns.map(() => '?').join(', ')} from chat_sessions where id = ?`,
      [...Object.values(row), sessionId],
    );
    await em.execute(`update chat_sessions set message_count = message_count + 1, updated_at = ? where id = ?`, [
      at,
      sessionId,
    ]);
  }

  private async count(
    em: EntityManager,
    { answered, failed, latencyMs }: { answered: number; failed: number; latencyMs: number },
  ): Promise<void> {
    await em.execute(
      `insert into chat_stats as stats (id, answered, failed, latency_ms) values (true, ?, ?, ?)
       on conflict (id) do update set answered = stats.answered + excluded.answered, failed = stats.failed + excluded.failed,
         latency_ms = stats.latency_ms + excluded.latency_ms`,
      [answered, failed, latencyMs],
    );
  }
}
