import type { RoutingConfiguration } from '@docent/common/models';
import type { RouteCandidate, RouteChoice } from '@docent/plugin-sdk';
import { costPerThousand, type CatalogModel } from '../read-model/model-catalog.js';
import type { CandidateRequest } from './candidate-order.js';

/**
 * Why each model stands where orderCandidates put it, and which one a request would go to:
 * the router's own order, told for people (the route tool, /demo/route). Limits reached and
 * provider failures are only known when the call is made; the router then moves down the list.
 */
export function describeRouteChoice(
  ordered: readonly CatalogModel[],
  allModels: readonly CatalogModel[],
  routing: RoutingConfiguration,
  request: CandidateRequest,
): RouteChoice {
  const candidates = ordered.map((model): RouteCandidate => ({
    model: model.id,
    name: model.info.name,
    provider: model.provider.name,
    reason: candidateReason(model.id, routing, request),
    costPer1kTokens: costPerThousand(model.info.pricing),
  }));
  const [chosen] = candidates;
  const passedOver = passedOverModels(ordered, allModels, routing, request);
  if (!chosen) {
    const why = passedOver.length > 0 ? `: ${passedOver.join('; ')}` : '';
    return { chosen: null, reason: `No model can take the request${why}`, candidates };
  }
  const reason = [`${chosen.name} is the ${chosen.reason}`, ...passedOver].join('; ');
  return { chosen, reason, candidates };
}

function candidateReason(modelId: string, routing: RoutingConfiguration, request: CandidateRequest): string {
  if (request.model === modelId) return 'model the request named';
  if (request.preference === 'cost' && routing.costOptimizedModelId === modelId) {
    return 'cost-optimized model, and the request asks for the cheapest answer';
  }
  if (routing.primaryModelId === modelId) return 'primary model';
  if (routing.fallbackModelId === modelId) return 'fallback model';
  return 'cheapest other active model (auto-routing)';
}

/** The models the routing names that the order leaves out, and why: they are not active. */
function passedOverModels(
  ordered: readonly CatalogModel[],
  allModels: readonly CatalogModel[],
  routing: RoutingConfiguration,
  request: CandidateRequest,
): string[] {
  const named =
    request.model !== undefined
      ? [{ role: 'named model', id: request.model }]
      : [
          ...(request.preference === 'cost'
            ? [{ role: 'cost-optimized model', id: routing.costOptimizedModelId }]
            : []),
          { role: 'primary model', id: routing.primaryModelId },
          { role: 'fallback model', id: routing.fallbackModelId },
        ];
  return named.flatMap(({ role, id }) => {
    if (id === null || ordered.some((model) => model.id === id)) return [];
    const model = allModels.find((candidate) => candidate.id === id);
    return [model ? `the ${role} ${model.info.name} is ${model.status}` : `the ${role} ${id} is not installed`];
  });
}
