import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import type { PgliteConnection } from '@mikro-orm/pglite';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { createApp } from '../app.factory.js';
import { loadConfig, type AppConfig, type DatabaseConfig } from '../config/app-config.js';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * How long a hook (or test) that starts the test app may take: a start loads the whole
 * server, PGlite and the plugins, which has taken half a minute on a busy two-core machine.
 * Jest gives hooks the test timeout (30 s) unless they are given their own.
 */
export const STARTUP_TIMEOUT_MS = 60_000;

/**
 * The real server on in-memory PGlite (or, with persistent, PGlite under DATA_DIR; with
 * sharingDatabaseWith, the database of that test app, as a second server process would:
 * close it before that one), with generous rate limits unless a test asks otherwise; its
 * logs go to logDestination when given (with a LOG_LEVEL that lets them through).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  {
    persistent = false,
    sharingDatabaseWith,
    logDestination,
  }: { persistent?: boolean; sharingDatabaseWith?: TestApp; logDestination?: DestinationStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'docent-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PLUGINS_DIR: resolve(import.meta.dirname, '../../../plugins'),
    LOGIN_RATE_LIMIT_PER_IP: '1000',
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '1000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
    // API traffic is written when the app closes (or a test flushes it), never in the middle
    // of a test that counts the events it stored.
    METRICS_FLUSH_INTERVAL: '24h',
    ...env,
  });
  const inMemory: DatabaseConfig = { kind: 'pglite', dataDir: 'memory://' };
  const database = sharingDatabaseWith
    ? { ...inMemory, open: await openDatabaseOf(sharingDatabaseWith) }
    : persistent
      ? config.database
      : inMemory;
  const app = await createApp({ ...config, database }, { logDestination });
  return {
    app,
    config,
    http: () => request(app.getHttpServer()),
    close: () => app.close(),
  };
}

/** The embedded database a test app has open. */
function openDatabaseOf(t: TestApp) {
  return (t.app.get(MikroORM).driver.getConnection() as PgliteConnection).getNativeClient();
}

let counter = 0;

/** A registration body that passes every rule, unique per call. */
export function newAccount(overrides: Partial<Record<'name' | 'email' | 'password' | 'confirmPassword', string>> = {}) {
  counter += 1;
  const password = overrides.password ?? 'Correct-Horse-9';
  return {
    name: `Test User ${counter}`,
    email: `user${counter}-${Date.now()}@example.com`,
    password,
    confirmPassword: password,
    ...overrides,
  };
}
