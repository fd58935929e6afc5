import type { Model, ModelProviderView, ModelTestResult, RoutingConfiguration } from '@docent/common/models';
import type { NotifyInput } from '~/notifications/notification-store';

/** The /models route action's intents: one per mutation the page offers. */
export const MODEL_INTENTS = ['update', 'test', 'routing', 'add-provider', 'refresh-models'] as const;
export type ModelIntent = (typeof MODEL_INTENTS)[number];

/** A failed call: the server's message, or null when its answer carried none. */
interface Failure {
  ok: false;
  error: string | null;
}

export type UpdateModelResult = { intent: 'update'; modelId: string } & ({ ok: true; model: Model } | Failure);
export type TestModelResult = { intent: 'test'; modelId: string } & ({ ok: true; result: ModelTestResult } | Failure);
export type SaveRoutingResult = { intent: 'routing' } & ({ ok: true; routing: RoutingConfiguration } | Failure);
export type AddProviderResult = { intent: 'add-provider' } & ({ ok: true; provider: ModelProviderView } | Failure);
/** The models the provider's endpoint lists now. */
export type RefreshModelsResult = { intent: 'refresh-models'; providerId: string } & (
  { ok: true; modelCount: number } | Failure
);
export type ModelActionResult =
  UpdateModelResult | TestModelResult | SaveRoutingResult | AddProviderResult | RefreshModelsResult;

/** One fetcher per model and purpose, so the dialogs and their announcements share its answer. */
export const updateFetcherKey = (modelId: string) => `model-update:${modelId}`;
export const testFetcherKey = (modelId: string) => `model-test:${modelId}`;
export const refreshFetcherKey = (providerId: string) => `model-refresh:${providerId}`;

/** The spec's update toasts (section 8). */
export function updateAnnouncement(result: UpdateModelResult, modelName: string): NotifyInput {
  if (result.ok) return { type: 'success', title: 'Model updated successfully', message: modelName };
  return result.error
    ? { type: 'error', title: `Update failed: ${result.error}`, message: modelName }
    : { type: 'error', title: 'Failed to update model', message: modelName };
}

/** The spec's test toasts (section 8): the test ran and passed or failed, or the call itself failed. */
export function testAnnouncement(result: TestModelResult, modelName: string): NotifyInput {
  if (result.ok) {
    return result.result.success
      ? {
          type: 'success',
          title: `Model test successful (${Math.round(result.result.responseTime)}ms)`,
          message: modelName,
        }
      : { type: 'error', title: `Model test failed: ${result.result.error ?? 'no reason given'}`, message: modelName };
  }
  return result.error
    ? { type: 'error', title: `Test failed: ${result.error}`, message: modelName }
    : { type: 'error', title: 'Failed to test model', message: modelName };
}

/** Refresh models: how many the endpoint lists, or why it could not list them. */
export function refreshAnnouncement(result: RefreshModelsResult, providerName: string): NotifyInput {
  if (result.ok) return { type: 'success', title: `Models refreshed: ${result.modelCount}`, message: providerName };
  return {
    type: 'error',
    title: `Refresh failed: ${result.error ?? 'the server could not be reached'}`,
    message: providerName,
  };
}
