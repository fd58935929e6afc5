import { Migration } from '@mikro-orm/migrations';

/**
 * AI models: the providers' administrator settings (API keys only encrypted), each
 * model's parameters, limits and last health test, the routing configuration, and
 * the calls per model and UTC day that the figures, stats and limits are read from.
 * All are projections of the model streams.
 */
export class Migration20261122170000 extends Migration {
  override name = 'Migration20261122170000';

  override up(): void | Promise<void> {
    // Installed plugins get a row once an administrator configures them; custom endpoints when added.
    this.addSql(
      `create table "model_providers" ("id" varchar(100) not null, "plugin_id" varchar(100) not null, "name" varchar(100) null, "custom" boolean not null, "endpoint" varchar(2000) null, "encrypted_api_key" text null, "masked_api_key" varchar(20) null, "models" jsonb not null default '[]', "configured_position" bigint not null, primary key ("id"));`,
    );
    // A health test older than the provider's configuration (by event position) no longer counts.
    this.addSql(
      `create table "model_settings" ("model_id" varchar(300) not null, "configuration" jsonb null, "limits" jsonb null, "admin_status" varchar(10) not null default 'active', "health" varchar(10) not null default 'untested', "health_reason" varchar(2000) null, "tested_position" bigint not null default 0, "last_test_ms" int null, primary key ("model_id"));`,
    );
    this.addSql(
      `create table "model_routing" ("id" boolean not null default true check ("id"), "primary_model_id" varchar(300) null, "fallback_model_id" varchar(300) null, "cost_optimized_model_id" varchar(300) null, "auto_routing" boolean not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "model_usage_daily" ("model_id" varchar(300) not null, "day" date not null, "requests" int not null, "errors" int not null, "answered" int not null, "finished_normally" int not null, "input_tokens" bigint not null, "output_tokens" bigint not null, "cost" numeric(24,12) not null, "latency_ms" bigint not null, "last_used_at" timestamptz not null, primary key ("model_id", "day"));`,
    );
    this.addSql(`create index "model_usage_daily_day_index" on "model_usage_daily" ("day");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "model_usage_daily" cascade;`);
    this.addSql(`drop table if exists "model_routing" cascade;`);
    this.addSql(`drop table if exists "model_settings" cascade;`);
    this.addSql(`drop table if exists "model_providers" cascade;`);
  }
}
