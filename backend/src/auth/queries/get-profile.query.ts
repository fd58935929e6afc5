import { Query } from '@nestjs/cqrs';
import type { UserView } from '../users/user-view.js';

export class GetProfileQuery extends Query<UserView> {
  constructor(readonly userId: string) {
    super();
  }
}
