import type {
  AddProviderResponse,
  Model,
  ModelListResponse,
  ModelStats,
  ModelStatsResponse,
  ModelUpdate,
  ModelUpdateResponse,
  RoutingConfiguration,
  RoutingEnvelope,
} from '@docent/common/models';

async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    ...init,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      ...init.headers,
    },
  });
  const body = (await response.json().catch(() => undefined)) as T | undefined;
  if (!response.ok || body === undefined) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered HTTP ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

const modelPath = (modelId: string) => `/api/models/${encodeURIComponent(modelId)}`;

export async function listModels(baseURL: string, token: string): Promise<Model[]> {
  return (await api<ModelListResponse>(baseURL, token, '/api/models')).models;
}

export async function findModel(baseURL: string, token: string, modelId: string): Promise<Model> {
  const model = (await listModels(baseURL, token)).find((candidate) => candidate.id === modelId);
  if (!model) throw new Error(`No model ${modelId} is listed`);
  return model;
}

export async function modelStats(baseURL: string, token: string): Promise<ModelStats> {
  return (await api<ModelStatsResponse>(baseURL, token, '/api/models/stats')).stats;
}

/**
 * The offline `local` provider's first model: it needs no key and no network, so it is
 * the one model a test machine can configure, test and call for real.
 */
export async function localModel(baseURL: string, token: string): Promise<Model> {
  const model = (await listModels(baseURL, token)).find((candidate) => candidate.provider === 'local');
  if (!model) throw new Error('The local provider lists no model: is plugins/local built and installed?');
  return model;
}

/** A model whose provider needs a key and has none: its health test fails without calling anyone. */
export async function modelWithoutKey(baseURL: string, token: string): Promise<Model> {
  const model = (await listModels(baseURL, token)).find(
    (candidate) => candidate.requiresApiKey && candidate.apiKey === null && candidate.endpoint !== null,
  );
  if (!model) throw new Error('Every provider has a key: no model can show a failed test without calling out');
  return model;
}

/** PUT /api/models/{id} as an administrator: puts a model's settings back after a test changed them. */
export async function updateModel(
  baseURL: string,
  adminToken: string,
  modelId: string,
  update: ModelUpdate,
): Promise<Model> {
  return (
    await api<ModelUpdateResponse>(baseURL, adminToken, modelPath(modelId), {
      method: 'PUT',
      body: JSON.stringify(update),
    })
  ).model;
}

/** One request through the OpenAI-compatible gateway, and so through the router, its limits and its accounting. */
export async function chatThroughGateway(
  baseURL: string,
  token: string,
  modelId: string,
  question: string,
): Promise<void> {
  await api(baseURL, token, '/v1/chat/completions', {
    method: 'POST',
    body: JSON.stringify({
      model: modelId,
      messages: [
        { role: 'system', content: 'Answer from these passages. [1] The lighthouse keeper logs every passing ship.' },
        { role: 'user', content: question },
      ],
    }),
  });
}

export async function routing(baseURL: string, token: string): Promise<RoutingConfiguration> {
  return (await api<RoutingEnvelope>(baseURL, token, '/api/models/routing')).routing;
}

/** PUT /api/models/routing as an administrator: puts the routing back after a test changed it. */
export async function restoreRouting(
  baseURL: string,
  adminToken: string,
  configuration: RoutingConfiguration,
): Promise<void> {
  await api(baseURL, adminToken, '/api/models/routing', { method: 'PUT', body: JSON.stringify(configuration) });
}

/** POST /api/models/providers as an administrator: an OpenAI-compatible endpoint, with the models it lists. */
export async function addProvider(
  baseURL: string,
  adminToken: string,
  request: { name: string; baseURL: string },
): Promise<AddProviderResponse> {
  return api<AddProviderResponse>(baseURL, adminToken, '/api/models/providers', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

/** DELETE /api/models/providers/{id} as an administrator: removes an endpoint a test added. */
export async function removeProvider(baseURL: string, adminToken: string, providerId: string): Promise<void> {
  await api(baseURL, adminToken, `/api/models/providers/${encodeURIComponent(providerId)}`, { method: 'DELETE' });
}
