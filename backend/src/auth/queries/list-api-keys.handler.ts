import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { ApiKeyEntity } from '../api-keys/api-key.entity.js';
import { toApiKeyView, type ApiKeyView } from '../api-keys/api-key-view.js';
import { ListApiKeysQuery } from './list-api-keys.query.js';

@QueryHandler(ListApiKeysQuery)
export class ListApiKeysHandler implements IQueryHandler<ListApiKeysQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: ListApiKeysQuery): Promise<ApiKeyView[]> {
    const keys = await this.orm.em.fork().find(ApiKeyEntity, { userId }, { orderBy: { createdAt: 'desc' } });
    return keys.map(toApiKeyView);
  }
}
