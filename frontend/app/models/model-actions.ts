import type { Model, ModelProviderView, ModelTestResult, RoutingConfiguration } from '@docent/common/models';
import type { TFunction } from 'i18next';
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
export function updateAnnouncement(result: UpdateModelResult, modelName: string, t: TFunction<'models'>): NotifyInput {
  if (result.ok) return { type: 'success', title: t('toasts.updated'), message: modelName };
  return result.error
    ? { type: 'error', title: t('toasts.updateFailed', { reason: result.error }), message: modelName }
    : { type: 'error', title: t('toasts.failedToUpdate'), message: modelName };
}

/** The spec's test toasts (section 8): the test ran and passed or failed, or the call itself failed. */
export function testAnnouncement(result: TestModelResult, modelName: string, t: TFunction<'models'>): NotifyInput {
  if (result.ok) {
    return result.result.success
      ? {
          type: 'success',
          title: t('toasts.testSuccessful', { ms: Math.round(result.result.responseTime) }),
          message: modelName,
        }
      : {
          type: 'error',
          title: t('toasts.testFailed', { reason: result.result.error ?? t('noReason') }),
          message: modelName,
        };
  }
  return result.error
    ? { type: 'error', title: t('toasts.testCallFailed', { reason: result.error }), message: modelName }
    : { type: 'error', title: t('toasts.failedToTest'), message: modelName };
}

/** Refresh models: how many the endpoint lists, or why it could not list them. */
export function refreshAnnouncement(
  result: RefreshModelsResult,
  providerName: string,
  t: TFunction<'models'>,
): NotifyInput {
  if (result.ok) {
    return { type: 'success', title: t('toasts.modelsRefreshed', { count: result.modelCount }), message: providerName };
  }
  return {
    type: 'error',
    title: t('toasts.refreshFailed', { reason: result.error ?? t('serverUnreachable') }),
    message: providerName,
  };
}
