import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserListResponse } from '@docent/common/admin';
import { AdminUserViews } from '../users/admin-user-views.js';
import { ListUsersQuery } from './list-users.query.js';

@QueryHandler(ListUsersQuery)
export class ListUsersHandler implements IQueryHandler<ListUsersQuery> {
  constructor(private readonly users: AdminUserViews) {}

  execute({ filters }: ListUsersQuery): Promise<Omit<UserListResponse, 'success'>> {
    return this.users.list(filters);
  }
}
