import { Command } from '@nestjs/cqrs';
import type { ModelTestResult } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';

/** A health test of one model: a real call through its provider. */
export class TestModelCommand extends Command<ModelTestResult> {
  constructor(
    readonly modelId: string,
    readonly principal: Principal,
  ) {
    super();
  }
}
