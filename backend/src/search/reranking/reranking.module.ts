import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { HitReranking } from './hit-reranking.js';
import { LocalOnnxReranker } from './local-onnx-reranker.js';
import { RerankEndpoint } from './rerank-endpoint.js';
import { RERANKER, type Reranker } from './reranker.port.js';
import { RerankerProbe } from './reranker.probe.js';

/**
 * A rerank endpoint when RERANKER_URL is set, else a local cross-encoder when RERANKER_MODEL_PATH is, else none.
 * The endpoint wins, as the embeddings' does, so that one can be tried without removing a model folder an image ships with.
 */
function selectReranker({ reranker }: AppConfig): Reranker | null {
  if (reranker.endpoint) return new RerankEndpoint(reranker.endpoint);
  if (reranker.localModel) return new LocalOnnxReranker(reranker.localModel);
  return null;
}

/** The configured reranker, or none: then search results keep their retrieval order and /status says so. */
@Module({
  providers: [{ provide: RERANKER, inject: [APP_CONFIG], useFactory: selectReranker }, HitReranking, RerankerProbe],
  exports: [HitReranking],
})
export class RerankingModule {}
