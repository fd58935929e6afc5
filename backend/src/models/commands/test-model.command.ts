import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ModelTestResult } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';
import { ModelHealthChecks } from '../health/model-health-checks.service.js';

export class TestModelCommand {
  constructor(
    readonly modelId: string,
    readonly principal: Principal,
  ) {}
}

/** A real call through the model's provider; its outcome sets the model active or in error. */
@CommandHandler(TestModelCommand)
export class TestModelHandler implements ICommandHandler<TestModelCommand> {
  constructor(private readonly health: ModelHealthChecks) {}

  execute({ modelId, principal }: TestModelCommand): Promise<ModelTestResult> {
    return this.health.testModel(modelId, principal.userId);
  }
}
