import { Command } from '@nestjs/cqrs';
import type { UserView } from '../users/user-view.js';

export interface ProfileChanges {
  name?: string;
  email?: string;
  avatar?: string | null;
}

export class UpdateProfileCommand extends Command<UserView> {
  constructor(
    readonly userId: string,
    readonly changes: ProfileChanges,
  ) {
    super();
  }
}
