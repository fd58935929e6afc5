import { Inject, Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../status/status-component.js';
import { EMBEDDING_PROVIDER, type EmbeddingProvider } from './embedding-provider.js';

export const NO_EMBEDDING_MODEL =
  'No embedding model is configured: semantic search is unavailable; keyword search works';

/** Reports the configured model without calling it: /status must stay cheap and must not spend a paid endpoint's quota. */
@StatusComponent('embeddings')
@Injectable()
export class EmbeddingsProbe implements StatusProbe {
  /** Only a model held in the process can be restarted: a remote endpoint keeps nothing here to reload. */
  readonly restart?: () => Promise<void>;

  constructor(@Inject(EMBEDDING_PROVIDER) private readonly provider: EmbeddingProvider | null) {
    const reload = provider?.reload?.bind(provider);
    if (reload) this.restart = reload;
  }

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
