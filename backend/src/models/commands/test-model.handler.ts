import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ModelTestResult } from '@docent/common/models';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';
import { TestModelCommand } from './test-model.command.js';

/** A real call through the model's provider; its outcome sets the model active or in error. */
@CommandHandler(TestModelCommand)
export class TestModelHandler implements ICommandHandler<TestModelCommand> {
  constructor(private readonly health: ModelHealthChecks) {}

  execute({ modelId, principal }: TestModelCommand): Promise<ModelTestResult> {
    return this.health.testModel(modelId, principal.userId);
  }
}
