import { Command } from '@nestjs/cqrs';
import type { AuthResult } from '../sessions/session-issuer.js';

export class LogInCommand extends Command<AuthResult> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly rememberMe: boolean,
  ) {
    super();
  }
}
