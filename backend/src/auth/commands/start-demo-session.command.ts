import { Command } from '@nestjs/cqrs';
import type { AuthResult } from '../sessions/session-issuer.js';

export class StartDemoSessionCommand extends Command<AuthResult> {}
