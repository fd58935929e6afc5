import { MikroORM } from '@mikro-orm/sql';
import { ConfigurationError, loadConfig } from '../config/app-config.js';
import { ormOptions } from '../database/orm-config.js';

/** `npm run migrate`: brings the configured database up to date; running it again changes nothing. */
try {
  const orm = await MikroORM.init(ormOptions(loadConfig().database));
  try {
    const applied = await orm.migrator.up();
    console.log(
      applied.length > 0 ? `Applied ${applied.map((m) => m.name).join(', ')}` : 'The database is up to date.',
    );
  } finally {
    await orm.close(true);
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
}
