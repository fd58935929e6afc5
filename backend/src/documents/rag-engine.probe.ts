import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from '../embeddings/embedding-provider.js';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';

export const SEMANTIC_SEARCH_UNAVAILABLE =
  'Semantic search is unavailable: no embedding model is configured (set EMBEDDINGS_MODEL_PATH or EMBEDDINGS_BASE_URL); keyword search works';

/** The retrieval engine: which search types work, and how much is indexed. */
@StatusComponent('rag-engine')
@Injectable()
export class RagEngineProbe implements StatusProbe {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EMBEDDING_PROVIDER) private readonly embedder: EmbeddingProvider | null,
  ) {}

  async probe(): Promise<ComponentStatus> {
    const [corpus] = await this.orm.em
      .fork()
      .execute<{ chunk_count: string | number }[]>('select chunk_count from search_corpus');
    const searchTypes = this.embedder ? ['keyword', 'semantic', 'hybrid'] : ['keyword'];
    const indexed = { chunks: Number(corpus?.chunk_count ?? 0), searchTypes };
    if (!this.embedder) return { status: 'degraded', message: SEMANTIC_SEARCH_UNAVAILABLE, ...indexed };
    return { status: 'ready', embeddingModel: this.embedder.model, ...indexed };
  }
}
