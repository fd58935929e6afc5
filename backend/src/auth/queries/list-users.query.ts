import { Query } from '@nestjs/cqrs';
import type { UserListQuery, UserListResponse } from '@docent/common/admin';

export class ListUsersQuery extends Query<Omit<UserListResponse, 'success'>> {
  constructor(readonly filters: UserListQuery) {
    super();
  }
}
