import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

export class ClearSearchHistoryCommand extends Command<void> {
  constructor(readonly principal: Principal) {
    super();
  }
}
