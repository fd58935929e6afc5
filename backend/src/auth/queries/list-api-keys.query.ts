import { Query } from '@nestjs/cqrs';
import type { ApiKeyView } from '../api-keys/api-key-view.js';

export class ListApiKeysQuery extends Query<ApiKeyView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
