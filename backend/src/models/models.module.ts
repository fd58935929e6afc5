import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PluginsModule } from '../plugins/plugins.module.js';
import { AddProviderHandler } from './commands/add-provider.handler.js';
import { ConfigureRoutingHandler } from './commands/configure-routing.handler.js';
import { RefreshProviderModelsHandler } from './commands/refresh-provider-models.handler.js';
import { RemoveProviderHandler } from './commands/remove-provider.handler.js';
import { TestModelHandler } from './commands/test-model.handler.js';
import { UpdateModelHandler } from './commands/update-model.handler.js';
import { ModelHealthChecks } from './health/model-health-checks.service.js';
import { ListModelsOnConfigurationReaction } from './listing/list-models-on-configuration.reaction.js';
import { ProviderModelListing } from './listing/provider-model-listing.service.js';
import { ModelsController } from './models.controller.js';
import { GetModelStatsHandler } from './queries/get-model-stats.handler.js';
import { GetRoutingHandler } from './queries/get-routing.handler.js';
import { ListModelProvidersHandler } from './queries/list-model-providers.handler.js';
import { ListModelsHandler } from './queries/list-models.handler.js';
import { ModelCatalog } from './read-model/model-catalog.js';
import { ModelViews } from './read-model/model-views.js';
import { ModelsProjection } from './read-model/models.projection.js';
import { ModelInvocationRecorder } from './routing/invocation-recorder.js';
import { ModelRouterProbe } from './routing/model-router.probe.js';
import { ModelRouter } from './routing/model-router.service.js';
import { UsageLimits } from './routing/usage-limits.js';
import { ProviderSecrets } from './secrets/provider-secrets.js';

/**
 * AI models: the registry of providers and models, listing the models a provider's endpoint
 * serves, health tests, the router with its limits, and the models API.
 */
@Module({
  imports: [PluginsModule],
  controllers: [ModelsController],
  providers: [
    {
      provide: ProviderSecrets,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ProviderSecrets(config.models.secretsKey),
    },
    ModelsProjection,
    ModelCatalog,
    ModelViews,
    ModelHealthChecks,
    ProviderModelListing,
    ListModelsOnConfigurationReaction,
    ModelInvocationRecorder,
    UsageLimits,
    ModelRouter,
    ModelRouterProbe,
    UpdateModelHandler,
    TestModelHandler,
    ConfigureRoutingHandler,
    AddProviderHandler,
    RemoveProviderHandler,
    RefreshProviderModelsHandler,
    ListModelsHandler,
    GetModelStatsHandler,
    GetRoutingHandler,
    ListModelProvidersHandler,
  ],
  exports: [ModelRouter, ModelCatalog],
})
export class ModelsModule {}
