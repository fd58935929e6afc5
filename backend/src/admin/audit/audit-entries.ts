import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { AuditEntry, AuditLogQuery } from '@docent/common/admin';

interface AuditRow {
  position: string | number;
  type: string;
  stream_id: string;
  stream_type: string;
  occurred_at: Date | string;
  actor_id: string | null;
  actor_name: string | null;
}

/** A date without a time, as the filter's end: the whole of that day is in. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Who did what when, read straight off the event log: each event's type, the actor its
 * metadata names (with their name while the account exists), the stream it changed and
 * its time. Payloads are left out: they hold hashes and texts that are not the log reader's.
 */
@Injectable()
export class AuditEntries {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async page(filters: AuditLogQuery, limit: number, offset: number): Promise<{ entries: AuditEntry[]; total: number }> {
    const { where, params } = conditions(filters);
    const em = this.orm.em.fork();
    const rows = await em.execute<AuditRow[]>(
      `select e.position, e.type, e.stream_id, e.stream_type, e.occurred_at,
              e.metadata->>'actorId' as actor_id, u.name as actor_name
         from events e left join users u on u.id::text = e.metadata->>'actorId'
        ${where} order by e.position desc limit ? offset ?`,
      [...params, limit, offset],
    );
    const [count] = await em.execute<{ total: string | number }[]>(
      `select count(*) as total from events e ${where}`,
      params,
    );
    return { entries: rows.map(toEntry), total: Number(count?.total ?? 0) };
  }

  /** The event types in the log, for the action filter. */
  async actions(): Promise<string[]> {
    const rows = await this.orm.em.fork().execute<{ type: string }[]>('select distinct type from events order by type');
    return rows.map((row) => row.type);
  }
}

function conditions({ actorId, action, from, to }: AuditLogQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (actorId) {
    clauses.push(`e.metadata->>'actorId' = ?`);
    params.push(actorId);
  }
  if (action) {
    clauses.push('e.type = ?');
    params.push(action);
  }
  if (from) {
    clauses.push('e.occurred_at >= ?');
    params.push(new Date(from));
  }
  if (to) {
    if (DATE_ONLY.test(to)) {
      clauses.push(`e.occurred_at < ?::timestamptz + interval '1 day'`);
      params.push(`${to}T00:00:00Z`);
    } else {
      clauses.push('e.occurred_at <= ?');
      params.push(new Date(to));
    }
  }
  return { where: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', params };
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    position: Number(row.position),
    action: row.type,
    actor: row.actor_id ? { id: row.actor_id, name: row.actor_name } : null,
    target: row.stream_id,
    targetType: row.stream_type,
    occurredAt: new Date(row.occurred_at).toISOString(),
  };
}
