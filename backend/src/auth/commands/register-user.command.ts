import { Command } from '@nestjs/cqrs';
import type { AuthResult } from '../sessions/session-issuer.js';

export class RegisterUserCommand extends Command<AuthResult> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly password: string,
  ) {
    super();
  }
}
