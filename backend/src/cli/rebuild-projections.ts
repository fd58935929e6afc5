import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { ConfigurationError, loadConfig, type AppConfig } from '../config/app-config.js';
import { ProjectionRebuilder } from '../projections/projection-rebuilder.service.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';

/**
 * `npm run projections:rebuild [name ...]`: rebuilds read tables from the event
 * log (all projections, or the named ones). Stop the server first.
 */
try {
  const config = loadConfig();
  // A rebuild only reads the log: demo mode off, so start-up writes no demo account into it.
  const readOnly: AppConfig = { ...config, auth: { ...config.auth, demoMode: 'off' } };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(readOnly), {
    logger: ['error', 'warn', 'log'],
  });
  try {
    await app.get(ProjectionRunner).stop();
    const replayed = await app.get(ProjectionRebuilder).rebuild(process.argv.slice(2));
    for (const [name, count] of Object.entries(replayed)) console.log(`${name}: replayed ${count} events`);
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : (error as Error).message);
  process.exit(1);
}
