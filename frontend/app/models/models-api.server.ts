import type {
  AddProviderRequest,
  AddProviderResponse,
  Model,
  ModelListResponse,
  ModelStats,
  ModelStatsResponse,
  ModelTestResult,
  ModelUpdate,
  ModelUpdateResponse,
  RefreshProviderModelsResponse,
  RoutingConfiguration,
  RoutingEnvelope,
  RoutingResponse,
} from '@docent/common/models';
import { promiseHash } from 'remix-utils/promise';
import { ApiError, type SignedInApi } from '~/lib/api-client.server';
import type {
  AddProviderResult,
  RefreshModelsResult,
  SaveRoutingResult,
  TestModelResult,
  UpdateModelResult,
} from './model-actions';

const modelPath = (modelId: string) => `/api/models/${encodeURIComponent(modelId)}`;

export interface ModelsPageData {
  models: Model[];
  stats: ModelStats;
  routing: RoutingResponse;
}

/** Everything the page shows, in one round of parallel calls. */
export async function loadModelsPage(api: SignedInApi): Promise<ModelsPageData> {
  const { list, stats, routing } = await promiseHash({
    list: api.call<ModelListResponse>('/api/models'),
    stats: api.call<ModelStatsResponse>('/api/models/stats'),
    routing: api.call<RoutingEnvelope>('/api/models/routing'),
  });
  return { models: list.models, stats: stats.stats, routing: { routing: routing.routing, usage: routing.usage } };
}

/**
 * A failed call as the page reports it: the server's message (or 'HTTP {status}'), and
 * null when the API could not be reached at all, which the spec's generic texts cover.
 */
function failure(error: unknown): { ok: false; error: string | null } {
  if (!(error instanceof ApiError)) throw error;
  return { ok: false, error: error.status === 0 ? null : error.message };
}

export async function updateModel(api: SignedInApi, modelId: string, update: ModelUpdate): Promise<UpdateModelResult> {
  try {
    const { model } = await api.call<ModelUpdateResponse>(modelPath(modelId), { method: 'PUT', body: update });
    return { intent: 'update', modelId, ok: true, model };
  } catch (error) {
    return { intent: 'update', modelId, ...failure(error) };
  }
}

export async function testModel(api: SignedInApi, modelId: string): Promise<TestModelResult> {
  try {
    const result = await api.call<ModelTestResult>(`${modelPath(modelId)}/test`, { method: 'POST' });
    return { intent: 'test', modelId, ok: true, result };
  } catch (error) {
    return { intent: 'test', modelId, ...failure(error) };
  }
}

export async function saveRouting(
  api: SignedInApi,
  routing: Partial<RoutingConfiguration>,
): Promise<SaveRoutingResult> {
  try {
    const saved = await api.call<RoutingEnvelope>('/api/models/routing', { method: 'PUT', body: routing });
    return { intent: 'routing', ok: true, routing: saved.routing };
  } catch (error) {
    return { intent: 'routing', ...failure(error) };
  }
}

export async function addProvider(api: SignedInApi, request: AddProviderRequest): Promise<AddProviderResult> {
  try {
    const { provider } = await api.call<AddProviderResponse>('/api/models/providers', {
      method: 'POST',
      body: request,
    });
    return { intent: 'add-provider', ok: true, provider };
  } catch (error) {
    return { intent: 'add-provider', ...failure(error) };
  }
}

export async function refreshProviderModels(api: SignedInApi, providerId: string): Promise<RefreshModelsResult> {
  try {
    const { models } = await api.call<RefreshProviderModelsResponse>(
      `/api/models/providers/${encodeURIComponent(providerId)}/refresh`,
      { method: 'POST' },
    );
    return { intent: 'refresh-models', providerId, ok: true, modelCount: models.length };
  } catch (error) {
    return { intent: 'refresh-models', providerId, ...failure(error) };
  }
}
