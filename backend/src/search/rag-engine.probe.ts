import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';
import { ChunkIndex } from './index/chunk-index.js';

export const KEYWORD_INDEX_OUTDATED =
  'The keyword index was built by an older tokenizer, so keyword search misses words: stop the server and run npm run reindex';

export const SEMANTIC_SEARCH_UNAVAILABLE =
  'Semantic search is unavailable: no embedding model is configured (set EMBEDDINGS_MODEL_PATH or EMBEDDINGS_BASE_URL); keyword search works';

/** The retrieval engine: which search types work, and how much is indexed. */
@StatusComponent('rag-engine')
@Injectable()
export class RagEngineProbe implements StatusProbe {
  constructor(
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
    private readonly chunkIndex: ChunkIndex,
  ) {}

  async probe(): Promise<ComponentStatus> {
    const searchTypes = this.embedder ? ['keyword', 'semantic', 'hybrid'] : ['keyword'];
    const indexed = { chunks: await this.chunkIndex.chunkCount(), searchTypes };
    if (!(await this.chunkIndex.tokenizerIsCurrent()))
      return { status: 'degraded', message: KEYWORD_INDEX_OUTDATED, ...indexed };
    if (!this.embedder)
      return { status: 'degraded', message: SEMANTIC_SEARCH_UNAVAILABLE, disabledByConfiguration: true, ...indexed };
    return { status: 'ready', embeddingModel: this.embedder.model, ...indexed };
  }
}
