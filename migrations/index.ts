import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122022022 } from './Migration20261122022022.js';
import { Migration20261122130000 } from './Migration20261122130000.js';
import { Migration20261122150000 } from './Migration20261122150000.js';
import { Migration20261122170000 } from './Migration20261122170000.js';
import { Migration20261122190000 } from './Migration20261122190000.js';
import { Migration20261122200000 } from './Migration20261122200000.js';
import { Migration20261122210000 } from './Migration20261122210000.js';
import { Migration20261122220000 } from './Migration20261122220000.js';
import { Migration20261122230000 } from './Migration20261122230000.js';
import { Migration20261125000000 } from './Migration20261125000000.js';
import { Migration20261125091600 } from './Migration20261125091600.js';
import { Migration20261125120000 } from './Migration20261125120000.js';
import { Migration20261125130000 } from './Migration20261125130000.js';
import { Migration20261125140000 } from './Migration20261125140000.js';
import { Migration20261125141800 } from './Migration20261125141800.js';
import { Migration20261125150000 } from './Migration20261125150000.js';
import { Migration20261128120000 } from './Migration20261128120000.js';
import { Migration20261129110000 } from './Migration20261129110000.js';

/** Every migration in the order it applies; `npm run migration:create` writes new files beside this one. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122022022', class: Migration20261122022022 },
  { name: 'Migration20261122130000', class: Migration20261122130000 },
  { name: 'Migration20261122150000', class: Migration20261122150000 },
  { name: 'Migration20261122170000', class: Migration20261122170000 },
  { name: 'Migration20261122190000', class: Migration20261122190000 },
  { name: 'Migration20261122200000', class: Migration20261122200000 },
  { name: 'Migration20261122210000', class: Migration20261122210000 },
  { name: 'Migration20261122220000', class: Migration20261122220000 },
  { name: 'Migration20261122230000', class: Migration20261122230000 },
  { name: 'Migration20261125000000', class: Migration20261125000000 },
  { name: 'Migration20261125091600', class: Migration20261125091600 },
  { name: 'Migration20261125120000', class: Migration20261125120000 },
  { name: 'Migration20261125130000', class: Migration20261125130000 },
  { name: 'Migration20261125140000', class: Migration20261125140000 },
  { name: 'Migration20261125141800', class: Migration20261125141800 },
  { name: 'Migration20261125150000', class: Migration20261125150000 },
  { name: 'Migration20261128120000', class: Migration20261128120000 },
  { name: 'Migration20261129110000', class: Migration20261129110000 },
];
