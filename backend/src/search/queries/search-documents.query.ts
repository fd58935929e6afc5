import { Query } from '@nestjs/cqrs';
import type { SearchGrouping, SearchResponse } from '@docent/common/search';
import type { Principal } from '../../auth/principal.js';
import type { ResolvedSearchOptions } from '../retrieval/document-search.service.js';

export class SearchDocumentsQuery extends Query<SearchResponse> {
  constructor(
    readonly query: string,
    readonly options: ResolvedSearchOptions & { group: SearchGrouping },
    readonly principal: Principal,
  ) {
    super();
  }
}
