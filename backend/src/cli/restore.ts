import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppModule } from '../app.module.js';
import { InstanceNotEmptyError } from '../backup/instance-archive.js';
import { InstanceBackup } from '../backup/instance-backup.service.js';
import { ConfigurationError, loadConfig, type AppConfig } from '../config/app-config.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';

/**
 * `npm run restore -- <file>`: restores a backup from `npm run backup` into the empty
 * instance of DATA_DIR (or DATABASE_URL), with the server stopped. Exit 2 when the instance
 * is not empty. Provider keys come back readable only with the MODEL_SECRETS_KEY they were
 * encrypted with.
 */
const [file, ...rest] = process.argv.slice(2);
if (!file || rest.length > 0) {
  console.error('Usage: npm run restore -- <backup.tar.gz>');
  process.exit(1);
}
try {
  const path = resolve(file);
  await access(path);
  const config = loadConfig();
  // Demo mode off: start-up must write nothing into the log it is about to fill.
  const quiet: AppConfig = { ...config, auth: { ...config.auth, demoMode: 'off' } };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(quiet), { logger: ['error', 'warn'] });
  try {
    await app.get(ProjectionRunner).stop();
    const summary = await app.get(InstanceBackup).restore(createReadStream(path));
    console.log(
      `Restored ${summary.eventCount} events (up to position ${summary.lastPosition}) and ${summary.fileCount} originals; every projection rebuilt`,
    );
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : (error as Error).message);
  process.exit(error instanceof InstanceNotEmptyError ? 2 : 1);
}
