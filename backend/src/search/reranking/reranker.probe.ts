import { Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../../status/status-component.js';
import { HitReranking } from './hit-reranking.js';

export const NO_RERANKER =
  'No reranker is configured (RERANKER_MODEL_PATH or RERANKER_URL): results keep their retrieval order';

/** The reranker as configured, and its last failure; never calls it, as /status must stay cheap. */
@StatusComponent('reranker')
@Injectable()
export class RerankerProbe implements StatusProbe {
  /** Only a model held in the process can be restarted: a remote endpoint keeps nothing here to reload. */
  readonly restart?: () => Promise<void>;

  constructor(private readonly reranking: HitReranking) {
    const reload = reranking.reranker?.reload?.bind(reranking.reranker);
    if (reload) this.restart = reload;
  }

  async probe(): Promise<ComponentStatus> {
    const { reranker, lastFailure } = this.reranking;
    if (!reranker) return { status: 'unavailable', message: NO_RERANKER, disabledByConfiguration: true };
    const details = { provider: reranker.id, model: reranker.model };
    if (!lastFailure) return { status: 'ready', ...details };
    return {
      status: 'degraded',
      message: `The last search could not be reranked, so its results kept their retrieval order: ${lastFailure.reason}`,
      lastFailureAt: lastFailure.at.toISOString(),
      ...details,
    };
  }
}
