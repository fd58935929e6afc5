import { Migration } from '@mikro-orm/migrations';

/** Event log, projection checkpoints and the read tables of accounts, sessions, API keys and activity. */
export class Migration20261122022022 extends Migration {
  override name = 'Migration20261122022022';

  override up(): void | Promise<void> {
    // Embeddings (pgvector) arrive with documents; the extension is part of the platform's baseline.
    this.addSql(`create extension if not exists vector;`);
    this.addSql(
      `create table "activity" ("id" bigint not null, "type" varchar(20) not null, "title" varchar(200) not null, "description" varchar(500) not null, "status" varchar(20) not null, "actor_id" uuid null, "occurred_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "activity_occurred_at_index" on "activity" ("occurred_at");`);

    this.addSql(
      `create table "api_keys" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "key_hash" varchar(64) not null, "masked_key" varchar(40) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "api_keys_user_id_index" on "api_keys" ("user_id");`);
    this.addSql(`alter table "api_keys" add constraint "api_keys_key_hash_unique" unique ("key_hash");`);

    this.addSql(
      `create table "projection_checkpoints" ("name" varchar(100) not null, "position" bigint not null, "updated_at" timestamptz not null, primary key ("name"));`,
    );

    this.addSql(
      `create table "sessions" ("id" uuid not null, "user_id" uuid not null, "remember_me" boolean not null, "created_at" timestamptz not null, "last_refreshed_at" timestamptz null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(50) null, primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(
      `create table "events" ("position" bigserial primary key, "stream_id" varchar(200) not null, "stream_type" varchar(100) not null, "version" int not null, "type" varchar(200) not null, "data" jsonb not null, "metadata" jsonb not null, "occurred_at" timestamptz not null);`,
    );
    this.addSql(`create index "events_stream_type_index" on "events" ("stream_type");`);
    this.addSql(`alter table "events" add constraint "events_stream_version_unique" unique ("stream_id", "version");`);

    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(254) not null, "name" varchar(100) not null, "role" varchar(20) not null, "avatar" varchar(2048) null, "password_hash" text not null, "is_demo" boolean not null default false, "created_at" timestamptz not null, "last_login" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "activity" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
    this.addSql(`drop table if exists "projection_checkpoints" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "events" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop extension if exists vector;`);
  }
}
