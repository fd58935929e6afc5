import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { PluginsModule } from '../plugins/plugins.module.js';
import { AddProviderHandler } from './commands/add-provider.command.js';
import { ConfigureRoutingHandler } from './commands/configure-routing.command.js';
import { RemoveProviderHandler } from './commands/remove-provider.command.js';
import { TestModelHandler } from './commands/test-model.command.js';
import { UpdateModelHandler } from './commands/update-model.command.js';
import { ModelHealthChecks } from './health/model-health-checks.service.js';
import { ModelsController } from './models.controller.js';
import { ModelCatalog } from './read-model/model-catalog.js';
import { ModelViews } from './read-model/model-views.js';
import { ModelsProjection } from './read-model/models.projection.js';
import { ModelInvocationRecorder } from './routing/invocation-recorder.js';
import { ModelRouterProbe } from './routing/model-router.probe.js';
import { ModelRouter } from './routing/model-router.service.js';
import { UsageLedger } from './routing/usage-ledger.js';
import { ProviderSecrets } from './secrets/provider-secrets.js';

/** AI models: the registry of providers and models, health tests, the router with its limits, and the models API. */
@Module({
  imports: [PluginsModule],
  controllers: [ModelsController],
  providers: [
    {
      provide: ProviderSecrets,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new ProviderSecrets(config.models.secretsKey),
    },
    { provide: UsageLedger, useFactory: () => new UsageLedger() },
    ModelsProjection,
    ModelCatalog,
    ModelViews,
    ModelHealthChecks,
    ModelInvocationRecorder,
    ModelRouter,
    ModelRouterProbe,
    UpdateModelHandler,
    TestModelHandler,
    ConfigureRoutingHandler,
    AddProviderHandler,
    RemoveProviderHandler,
  ],
  exports: [ModelRouter, ModelCatalog, ModelViews],
})
export class ModelsModule {}
