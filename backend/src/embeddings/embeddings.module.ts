import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingsProbe } from './embeddings.probe.js';
import { LocalOnnxEmbeddings } from './local-onnx-embeddings.js';
import { OpenAICompatibleEmbeddings } from './openai-compatible-embeddings.js';

/**
 * An OpenAI-compatible endpoint when EMBEDDINGS_BASE_URL is set, else a local model when EMBEDDINGS_MODEL_PATH is,
 * else none. The endpoint wins so that one can be tried without removing a model folder that an image ships with.
 */
function selectEmbeddingProvider({ embeddings }: AppConfig): EmbeddingProvider | null {
  if (embeddings.endpoint) return new OpenAICompatibleEmbeddings(embeddings.endpoint);
  if (embeddings.localModel) return new LocalOnnxEmbeddings(embeddings.localModel);
  return null;
}

/** The configured embedding model, or null: then search is keyword-only and /status says so. */
@Global()
@Module({
  providers: [
    { provide: EMBEDDING_PROVIDER, inject: [APP_CONFIG], useFactory: selectEmbeddingProvider },
    EmbeddingsProbe,
  ],
  exports: [EMBEDDING_PROVIDER],
})
export class EmbeddingsModule {}
