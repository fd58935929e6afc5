import { Migration } from '@mikro-orm/migrations';

/**
 * Grounded chat and search history: each user's sessions and their messages, the chat
 * counters the Intelligence stats read, and each user's recent distinct queries — all
 * projections of chat and search events.
 */
export class Migration20261122210000 extends Migration {
  override name = 'Migration20261122210000';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "chat_sessions" ("id" uuid not null, "user_id" uuid not null, "title" varchar(200) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "message_count" int not null default 0, primary key ("id"));`,
    );
    this.addSql(`create index "chat_sessions_user_id_updated_at_index" on "chat_sessions" ("user_id", "updated_at");`);
    this.addSql(
      `create table "chat_messages" ("id" uuid not null, "session_id" uuid not null references "chat_sessions" ("id") on delete cascade, "position" bigint not null, "role" varchar(10) not null, "content" text not null, "created_at" timestamptz not null, "citations" jsonb null, "grounded" boolean null, "model" jsonb null, "usage" jsonb null, "cost" numeric(24,12) null, "latency_ms" int null, primary key ("id"));`,
    );
    this.addSql(
      `create index "chat_messages_session_id_position_index" on "chat_messages" ("session_id", "position");`,
    );
    this.addSql(
      `create table "chat_stats" ("id" boolean not null default true check ("id"), "answered" bigint not null, "failed" bigint not null, "latency_ms" bigint not null, primary key ("id"));`,
    );
    this.addSql(
      `create table "search_history" ("user_id" uuid not null, "query" varchar(1000) not null, "searched_at" timestamptz not null, "position" bigint not null, primary key ("user_id", "query"));`,
    );
    this.addSql(`create index "search_history_user_id_position_index" on "search_history" ("user_id", "position");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "search_history" cascade;`);
    this.addSql(`drop table if exists "chat_stats" cascade;`);
    this.addSql(`drop table if exists "chat_messages" cascade;`);
    this.addSql(`drop table if exists "chat_sessions" cascade;`);
  }
}
