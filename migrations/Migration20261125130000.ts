import { Migration } from '@mikro-orm/migrations';

/** Sessions name the device they were signed in on, so their owner can tell them apart in Settings. */
export class Migration20261125130000 extends Migration {
  override name = 'Migration20261125130000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sessions" add column "device" varchar(100) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop column "device";`);
  }
}
