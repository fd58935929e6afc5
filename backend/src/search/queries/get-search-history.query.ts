import { Query } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';

/** The caller's distinct queries, most recently searched first. */
export class GetSearchHistoryQuery extends Query<string[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}
