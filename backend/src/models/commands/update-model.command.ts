import { Command } from '@nestjs/cqrs';
import type { Model, ModelUpdate } from '@docent/common/models';
import type { Principal } from '../../auth/principal.js';

/** Change a model's status, parameters or limits, or its provider's endpoint or key: only the fields given. */
export class UpdateModelCommand extends Command<Model> {
  constructor(
    readonly modelId: string,
    readonly update: ModelUpdate,
    readonly principal: Principal,
  ) {
    super();
  }
}
