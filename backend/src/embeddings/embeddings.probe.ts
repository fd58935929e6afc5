import { Inject, Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from './embedding-provider.js';

export const NO_EMBEDDING_MODEL =
  'No embedding model is configured: semantic search is unavailable; keyword search works';

/** Reports the configured model without calling it: /status must stay cheap and must not spend a paid endpoint's quota. */
@StatusComponent('embeddings')
@Injectable()
export class EmbeddingsProbe implements StatusProbe {
  constructor(@Inject(EMBEDDING_PROVIDER) private readonly provider: EmbeddingProvider | null) {}

  async probe(): Promise<ComponentStatus> {
    if (!this.provider) return { status: 'unavailable', message: NO_EMBEDDING_MODEL, disabledByConfiguration: true };
    return {
      status: 'ready',
      provider: this.provider.id,
      model: this.provider.model,
      dimensions: this.provider.dimensions,
    };
  }
}
