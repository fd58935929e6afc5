import { Command } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import type { StoredSearchType } from '../domain/search.events.js';

/** A search made through the search API, whether it ran or not. */
export interface SearchMade {
  type: StoredSearchType;
  query: string;
  resultCount: number;
  tookMs: number;
  success: boolean;
}

/** Records one searcher's searches made through the search API, in the order they were made. */
export class RecordSearchesCommand extends Command<void> {
  constructor(
    readonly searches: readonly SearchMade[],
    readonly principal: Principal,
  ) {
    super();
  }
}
