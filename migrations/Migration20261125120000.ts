import { Migration } from '@mikro-orm/migrations';

/**
 * The metrics projection's tables (issue 15): API traffic by minute and by hour and route
 * with latency buckets, model calls by hour and model, per-user usage by hour, counted
 * occurrences by hour, searches by day, and the little it keeps to name users and
 * providers and to count open sessions and queued documents. Plus the minute-by-minute
 * samples of the /status components, which the server writes itself.
 */
export class Migration20261125120000 extends Migration {
  override name = 'Migration20261125120000';

  override up(): void | Promise<void> {
    this.addSql(`create table "metrics_api_minutes" ("minute" timestamptz not null, "requests" int not null,
      "errors" int not null, "total_ms" bigint not null, constraint "metrics_api_minutes_pkey" primary key ("minute"));`);
    this.addSql(`create table "metrics_api_hours" ("hour" timestamptz not null, "method" varchar(10) not null,
      "route" varchar(300) not null, "status_class" varchar(3) not null, "requests" int not null, "total_ms" bigint not null,
      "max_ms" int not null, "latency_buckets" bigint[] not null,
      constraint "metrics_api_hours_pkey" primary key ("hour", "method", "route", "status_class"));`);
    this.addSql(`create table "metrics_model_hours" ("hour" timestamptz not null, "model_id" varchar(300) not null,
      "provider_id" varchar(200) not null, "calls" int not null, "errors" int not null, "input_tokens" bigint not null,
      "output_tokens" bigint not null, "cost" numeric(24,12) not null, "total_ms" bigint not null,
      constraint "metrics_model_hours_pkey" primary key ("hour", "model_id"));`);
    this.addSql(`create table "metrics_user_hours" ("hour" timestamptz not null, "user_id" uuid not null,
      "requests" int not null, "errors" int not null, "model_calls" int not null, "model_errors" int not null,
      "tokens" bigint not null, "cost" numeric(24,12) not null,
      constraint "metrics_user_hours_pkey" primary key ("hour", "user_id"));`);
    this.addSql(`create table "metrics_user_last_seen" ("user_id" uuid not null, "last_seen" timestamptz not null,
      constraint "metrics_user_last_seen_pkey" primary key ("user_id"));`);
    this.addSql(`create index "metrics_user_last_seen_last_seen_index" on "metrics_user_last_seen" ("last_seen");`);
    this.addSql(`create table "metrics_counts_hourly" ("hour" timestamptz not null, "metric" varchar(40) not null,
      "count" int not null, constraint "metrics_counts_hourly_pkey" primary key ("hour", "metric"));`);
    this.addSql(`create table "metrics_search_queries" ("day" date not null, "user_id" uuid not null,
      "query" varchar(200) not null, "count" int not null,
      constraint "metrics_search_queries_pkey" primary key ("day", "user_id", "query"));`);
    this.addSql(`create table "metrics_users" ("user_id" uuid not null, "name" varchar(255) not null,
      "registered_at" timestamptz not null, constraint "metrics_users_pkey" primary key ("user_id"));`);
    this.addSql(`create table "metrics_providers" ("provider_id" varchar(200) not null, "name" varchar(255) not null,
      constraint "metrics_providers_pkey" primary key ("provider_id"));`);
    this.addSql(`create table "metrics_sessions" ("session_id" uuid not null, "expires_at" timestamptz not null,
      "revoked" boolean not null, constraint "metrics_sessions_pkey" primary key ("session_id"));`);
    this.addSql(`create table "metrics_documents_pending" ("document_id" uuid not null,
      constraint "metrics_documents_pending_pkey" primary key ("document_id"));`);
    this
      .addSql(`create table "metrics_component_samples" ("minute" timestamptz not null, "component" varchar(100) not null,
      "status" varchar(20) not null, constraint "metrics_component_samples_pkey" primary key ("minute", "component"));`);
  }

  override down(): void | Promise<void> {
    for (const table of [
      'metrics_component_samples',
      'metrics_documents_pending',
      'metrics_sessions',
      'metrics_providers',
      'metrics_users',
      'metrics_search_queries',
      'metrics_counts_hourly',
      'metrics_user_last_seen',
      'metrics_user_hours',
      'metrics_model_hours',
      'metrics_api_hours',
      'metrics_api_minutes',
    ]) {
      this.addSql(`drop table if exists "${table}";`);
    }
  }
}
