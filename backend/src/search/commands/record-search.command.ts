import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import type { StoredSearchType } from '../domain/search.events.js';

/** Records one search made through the search API, whether it ran or not. */
export class RecordSearchCommand extends Command<void> {
  constructor(
    readonly search: { type: StoredSearchType; query: string; resultCount: number; tookMs: number; success: boolean },
    readonly principal: Principal,
  ) {
    super();
  }
}
