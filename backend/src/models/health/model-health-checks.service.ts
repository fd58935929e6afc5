import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { ModelTestResult } from '@docent/common/models';
import type { ProviderHealth } from '@docent/plugin-sdk';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { modelDecider } from '../domain/model.decider.js';
import { modelIdOf, modelStreamId } from '../domain/model.events.js';
import { providerContext } from '../providers/provider-context.js';
import { withTimeout } from '../providers/provider-errors.js';
import { ModelCatalog, type CatalogProvider } from '../read-model/model-catalog.js';
import { ProviderSecrets, redactKey } from '../secrets/provider-secrets.js';

/**
 * Health tests: a real, cheap call to a provider whose outcome decides whether its
 * models are active or in error. Run on demand, after an administrator changes a
 * provider's endpoint or key, and at start for the providers that need no key.
 */
@Injectable()
export class ModelHealthChecks implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ModelHealthChecks.name);
  private readonly timeoutMs: number;
  private startupTests: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly catalog: ModelCatalog,
    private readonly decisions: Decisions,
    private readonly secrets: ProviderSecrets,
  ) {
    this.timeoutMs = config.models.callTimeoutMs;
  }

  /** In the background, so that an unreachable local server does not hold up the start. */
  onApplicationBootstrap(): void {
    this.startupTests = this.testProvidersWithoutKeys().catch((error: unknown) => {
      this.logger.error(`Start-up health tests failed: ${error instanceof Error ? error.message : error}`);
    });
  }

  /** Their outcome is recorded in the database, which closes after this. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.startupTests;
  }

  /** Resolves once the health tests started with the server are over. */
  startupTestsDone(): Promise<void> {
    return this.startupTests;
  }

  /** Tests one model and records the outcome; a provider that needs a key is not called without one. */
  async testModel(modelId: string, actorId: string | null): Promise<ModelTestResult> {
    const model = await this.catalog.model(modelId);
    if (model.provider.requiresApiKey && model.provider.apiKey === null) {
      return {
        success: false,
        responseTime: 0,
        error: `Set an API key for ${model.provider.name} before testing its models`,
      };
    }
    const result = await this.check(model.provider, model.providerModelId);
    await this.record([modelId], result, actorId);
    return result;
  }

  /** Tests a provider once and records the outcome for each of its models. */
  async testProvider(providerId: string, actorId: string | null): Promise<void> {
    const provider = await this.catalog.findProvider(providerId);
    if (!provider || (provider.requiresApiKey && provider.apiKey === null)) return;
    const result = await this.check(provider);
    await this.record(
      provider.models.map((info) => modelIdOf(provider.id, info.id)),
      result,
      actorId,
    );
  }

  private async testProvidersWithoutKeys(): Promise<void> {
    const providers = await this.catalog.providers();
    await Promise.all(
      providers.filter((provider) => !provider.requiresApiKey).map((provider) => this.testProvider(provider.id, null)),
    );
  }

  private async check(provider: CatalogProvider, providerModelId?: string): Promise<ModelTestResult> {
    const started = performance.now();
    let apiKey: string | undefined;
    let health: ProviderHealth;
    try {
      const context = providerContext(provider, this.secrets);
      apiKey = context.config.apiKey;
      health = await withTimeout(this.timeoutMs, () => provider.plugin.healthCheck(context, providerModelId));
    } catch (error) {
      health = { healthy: false, message: error instanceof Error ? error.message : String(error) };
    }
    const responseTime = Math.round(performance.now() - started);
    if (health.healthy) return { success: true, responseTime };
    const message = health.message ?? `${provider.name} answered that it is unhealthy`;
    return { success: false, responseTime, error: redactKey(message, apiKey) };
  }

  /** The outcome for each of the models tested, together. */
  private async record(modelIds: string[], result: ModelTestResult, actorId: string | null): Promise<void> {
    const { success, responseTime: responseTimeMs } = result;
    const error = result.error ?? null;
    const handled = await this.decisions.handleAll(
      modelIds.map((modelId) => ({
        decider: modelDecider,
        streamId: modelStreamId(modelId),
        command: { type: 'RecordTest', modelId, success, responseTimeMs, error },
      })),
      { actorId },
    );
    this.catalog.reflect(handled.flatMap(({ events }) => events));
  }
}
