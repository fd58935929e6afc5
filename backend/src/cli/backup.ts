import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { AppModule } from '../app.module.js';
import { InstanceBackup } from '../backup/instance-backup.service.js';
import { ConfigurationError, loadConfig, type AppConfig } from '../config/app-config.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';

/**
 * `npm run backup -- [--out file]`: writes the event log and the stored originals of the
 * instance in DATA_DIR (or DATABASE_URL) into one .tar.gz; the server may keep running.
 * Provider keys stay encrypted in it: keep MODEL_SECRETS_KEY (or DATA_DIR/secrets) with it.
 */
try {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
  const out = resolve(values.out ?? `docent-backup-${new Date().toISOString().slice(0, 10)}.tar.gz`);
  const config = loadConfig();
  // A backup only reads: demo mode off, so start-up writes no demo account into the log.
  const readOnly: AppConfig = { ...config, auth: { ...config.auth, demoMode: 'off' } };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(readOnly), { logger: ['error', 'warn'] });
  try {
    await app.get(ProjectionRunner).stop();
    const file = createWriteStream(out, { flags: 'wx' });
    const summary = await app
      .get(InstanceBackup)
      .backUp(file)
      .catch(async (error: unknown) => {
        file.destroy();
        await rm(out, { force: true });
        throw error;
      });
    file.end();
    await finished(file);
    console.log(
      `Backed up ${summary.eventCount} events (up to position ${summary.lastPosition}) and ${summary.fileCount} originals to ${out}`,
    );
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : (error as Error).message);
  process.exit(1);
}
