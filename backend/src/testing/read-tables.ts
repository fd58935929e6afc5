import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';

/** The tables projections build from the log. */
const READ_TABLES = [
  'users',
  'sessions',
  'api_keys',
  'activity',
  'documents',
  'model_providers',
  'model_settings',
  'model_routing',
  'model_usage_daily',
  'search_stats',
  'user_preferences',
  'search_history',
  'chat_sessions',
  'chat_messages',
  'chat_stats',
  'metrics_api_minutes',
  'metrics_api_hours',
  'metrics_model_hours',
  'metrics_user_hours',
  'metrics_user_last_seen',
  'metrics_counts_hourly',
  'metrics_search_queries',
  'metrics_users',
  'metrics_providers',
  'metrics_sessions',
  'metrics_documents_pending',
] as const;

export type ReadTablesSnapshot = Record<(typeof READ_TABLES)[number], unknown[]>;

/** Every read table, whole and in a stable order: what a rebuild or a restore must reproduce exactly. */
export async function snapshotReadTables(app: INestApplication): Promise<ReadTablesSnapshot> {
  const em = app.get(MikroORM).em.fork();
  const snapshot = {} as ReadTablesSnapshot;
  // Ordered by the whole row: rows alike in their first columns come in whichever order they were written.
  for (const table of READ_TABLES) snapshot[table] = await em.execute(`select * from ${table} as r order by r::text`);
  return snapshot;
}
