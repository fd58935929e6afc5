import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { ConfigurationError, loadConfig } from '../config/app-config.js';
import { DocumentReindexer } from '../documents/processing/document-reindexer.service.js';
import { ProjectionRunner } from '../projections/projection-runner.service.js';

/**
 * `npm run reindex`: rebuilds every processed document's keyword index and embeddings
 * with the configured tokenizer and model (EMBEDDINGS_MODEL_PATH or EMBEDDINGS_BASE_URL;
 * with neither, embeddings are removed). Stop the server first.
 */
try {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...config, auth: { ...config.auth, demoMode: 'off' } }),
    {
      logger: ['error', 'warn'],
    },
  );
  try {
    await app.get(ProjectionRunner).stop();
    const outcome = await app.get(DocumentReindexer).reindexAll((name, index, total) => {
      console.log(`[${index + 1}/${total}] ${name}`);
    });
    console.log(
      `Reindexed ${outcome.documents} documents (${outcome.chunks} chunks); ${outcome.vectorized} with embeddings.`,
    );
    for (const failure of outcome.failed) console.error(`Embedding failed for ${failure.name}: ${failure.reason}`);
    if (outcome.failed.length > 0) process.exitCode = 1;
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error instanceof ConfigurationError ? error.message : (error as Error).message);
  process.exit(1);
}
