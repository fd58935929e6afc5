import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EMBEDDING_PROVIDER } from './embedding-provider.js';
import { EmbeddingsProbe } from './embeddings.probe.js';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

/** The configured embedding model, or null: then search is keyword-only and /status says so. */
@Global()
@Module({
  providers: [
    {
      provide: EMBEDDING_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.embeddings ? new OpenAICompatibleEmbeddings(config.embeddings) : null),
    },
    EmbeddingsProbe,
  ],
  exports: [EMBEDDING_PROVIDER],
})
export class EmbeddingsModule {}
