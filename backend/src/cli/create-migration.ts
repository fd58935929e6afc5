import { MikroORM } from '@mikro-orm/sql';
import { resolve } from 'node:path';
import { ormOptions } from '../database/orm-config.js';

/**
 * Generates a migration from the difference between the entities and the schema
 * the existing migrations produce (applied to a throwaway in-memory database).
 * Review the file, then add it to migrations/index.ts.
 */
const migrationsFolder = resolve(import.meta.dirname, '../../../migrations');
const base = ormOptions({ kind: 'pglite', dataDir: 'memory://' });
const orm = await MikroORM.init({
  ...base,
  migrations: { ...base.migrations, path: migrationsFolder, pathTs: migrationsFolder, emit: 'ts' },
});
try {
  const migrator = orm.migrator;
  await migrator.up();
  const result = await migrator.create(migrationsFolder, false, false, process.argv[2]);
  console.log(
    result.fileName ? `Created migrations/${result.fileName}` : 'The schema is up to date; no migration created.',
  );
} finally {
  await orm.close(true);
}
