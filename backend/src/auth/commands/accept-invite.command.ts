import { Command } from '@nestjs/cqrs';
import type { AuthResponse } from '@docent/common/api';
import type { AcceptInviteRequest } from '@docent/common/admin';

/** The invited person opens their account with the invite's email and role, and is signed in. */
export class AcceptInviteCommand extends Command<AuthResponse> {
  constructor(readonly request: AcceptInviteRequest) {
    super();
  }
}
