import { Command } from '@nestjs/cqrs';
import type { Principal } from '../principal.js';

export class LogOutCommand extends Command<{ success: true; sessionsClosed: number }> {
  constructor(
    readonly principal: Principal,
    /** The session to close; the caller's own when omitted. */
    readonly sessionId: string | undefined,
    readonly logoutAll: boolean,
  ) {
    super();
  }
}
