import { mkdirSync } from 'node:fs';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Options } from '@mikro-orm/sql';
import { Migrator } from '@mikro-orm/migrations';
import { PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '@docent/migrations';
import type { AppConfig } from '../config/app-config.js';
import { ENTITIES } from './entities.js';

/** The same entities and migrations run on embedded PGlite (default) or PostgreSQL (DATABASE_URL). */
export function ormOptions(database: AppConfig['database']): Options {
  const common = {
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // Read models are queried per request; the identity map must not leak between requests.
    allowGlobalContext: false,
    ensureDatabase: false,
  } satisfies Options;

  if (database.kind === 'postgresql') {
    return { ...common, driver: PostgreSqlDriver, clientUrl: database.url };
  }
  if (database.open)
    return { ...common, driver: PgliteDriver, dbName: database.dataDir, driverOptions: { pglite: database.open } };
  if (!database.dataDir.startsWith('memory://')) mkdirSync(database.dataDir, { recursive: true });
  return {
    ...common,
    driver: PgliteDriver,
    dbName: database.dataDir,
    driverOptions: {
      extensions: { vector },
      // PGlite's 128 MB default is resident once touched; at 32 MB ingestion measured as
      // fast (its WASM copying dominates, not reads) with about 100 MB less memory.
      postgresqlconf: 'shared_buffers = 32MB',
    },
  };
}
