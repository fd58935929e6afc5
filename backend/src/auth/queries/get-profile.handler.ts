import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { DomainError } from '../../common/domain-error.js';
import { UserEntity } from '../users/user.entity.js';
import { toUserView, type UserView } from '../users/user-view.js';
import { GetProfileQuery } from './get-profile.query.js';

@QueryHandler(GetProfileQuery)
export class GetProfileHandler implements IQueryHandler<GetProfileQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: GetProfileQuery): Promise<UserView> {
    const user = await this.orm.em.fork().findOne(UserEntity, { id: userId });
    if (!user) throw new DomainError('not-found', 'User not found');
    return toUserView(user);
  }
}
