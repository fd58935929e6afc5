import type { ModelStatus, RoutingConfiguration } from '@docent/common/models';

export interface RoutableModel {
  id: string;
  status: ModelStatus;
  /** US dollars per 1K tokens. */
  costPerToken: number;
}

export interface CandidateRequest {
  /** A model the caller named: it alone may answer. */
  model?: string;
  /** 'cost': the cost-optimized model goes first. */
  preference?: 'cost';
}

/**
 * The models to try for a request, in order: the cost-optimized one first when the
 * request asks for the cheapest answer, then the primary and the fallback; with
 * auto-routing, every other model cheapest first. Only active models take requests.
 */
export function orderCandidates<M extends RoutableModel>(
  models: readonly M[],
  routing: RoutingConfiguration,
  request: CandidateRequest,
): M[] {
  const byId = new Map(models.map((model) => [model.id, model]));
  if (request.model !== undefined) {
    const requested = byId.get(request.model);
    return requested?.status === 'active' ? [requested] : [];
  }
  const preferred = [
    ...(request.preference === 'cost' ? [routing.costOptimizedModelId] : []),
    routing.primaryModelId,
    routing.fallbackModelId,
  ];
  const ordered = preferred.flatMap((id) => (id === null ? [] : (byId.get(id) ?? [])));
  if (routing.autoRouting) {
    const rest = models
      .filter((model) => !ordered.includes(model))
      .sort((a, b) => a.costPerToken - b.costPerToken || a.id.localeCompare(b.id));
    ordered.push(...rest);
  }
  return [...new Set(ordered)].filter((model) => model.status === 'active');
}
