import { Command } from '@nestjs/cqrs';
import type { PasswordChangeResponse } from '@docent/common/settings';
import type { Principal } from '../principal.js';

/** The caller's new password, given with the current one; every other session of theirs ends. */
export class ChangePasswordCommand extends Command<PasswordChangeResponse> {
  constructor(
    readonly principal: Principal,
    readonly currentPassword: string,
    readonly newPassword: string,
  ) {
    super();
  }
}
