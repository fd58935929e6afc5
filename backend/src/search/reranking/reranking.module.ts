import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { HitReranking } from './hit-reranking.js';
import { RerankEndpoint } from './rerank-endpoint.js';
import { RERANKER, type Reranker } from './reranker.port.js';
import { RerankerProbe } from './reranker.probe.js';

function selectReranker({ reranker }: AppConfig): Reranker | null {
  return reranker ? new RerankEndpoint(reranker) : null;
}

/** The configured reranker, or none: then search results keep their retrieval order and /status says so. */
@Module({
  providers: [{ provide: RERANKER, inject: [APP_CONFIG], useFactory: selectReranker }, HitReranking, RerankerProbe],
  exports: [HitReranking],
})
export class RerankingModule {}
