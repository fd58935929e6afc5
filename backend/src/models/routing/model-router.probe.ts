import { Injectable } from '@nestjs/common';
import { StatusComponent, type ComponentStatus, type StatusProbe } from '../../status/status-component.js';
import { ModelCatalog } from '../read-model/model-catalog.js';

export const NO_ACTIVE_MODEL =
  'No model is active: set a provider’s API key or endpoint and test its models on the AI Models page';

/** The router can take requests while at least one model is active. */
@StatusComponent('model-router')
@Injectable()
export class ModelRouterProbe implements StatusProbe {
  constructor(private readonly catalog: ModelCatalog) {}

  async probe(): Promise<ComponentStatus> {
    const models = await this.catalog.models();
    const activeModels = models.filter((model) => model.status === 'active').length;
    const counts = { models: models.length, activeModels };
    return activeModels > 0
      ? { status: 'ready', ...counts }
      : { status: 'unavailable', message: NO_ACTIVE_MODEL, ...counts };
  }
}
