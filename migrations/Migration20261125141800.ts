import { Migration } from '@mikro-orm/migrations';

/**
 * A provider's models as its endpoint last listed them, or why it could not, for the
 * endpoint and key in force: the catalog shows them in place of the plugin's built-in list.
 */
export class Migration20261125141800 extends Migration {
  override name = 'Migration20261125141800';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "model_providers" add column "listed_models" jsonb null, add column "listing_failure" varchar(500) null, add column "listed_at" timestamptz null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "model_providers" drop column "listed_models", drop column "listing_failure", drop column "listed_at";`,
    );
  }
}
