import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { DomainError } from '../../common/domain-error.js';
import type { AuthResponse } from '@docent/common/api';
import { SessionIssuer } from '../sessions/session-issuer.js';
import { demoOfferedTo } from '../users/demo-account.js';
import { UserEntity } from '../users/user.entity.js';
import { StartDemoSessionCommand } from './start-demo-session.command.js';

export const DEMO_UNAVAILABLE = 'Demo login is not available on this server';
export const DEMO_LOCAL_ONLY =
  'Demo login is only available on the computer the server runs on (DEMO_MODE=true offers it to everyone)';

@CommandHandler(StartDemoSessionCommand)
export class StartDemoSessionHandler implements ICommandHandler<StartDemoSessionCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionIssuer,
  ) {}

  async execute({ clientAddress, userAgent }: StartDemoSessionCommand): Promise<AuthResponse> {
    const mode = this.config.auth.demoMode;
    if (mode === 'off') throw new DomainError('not-found', DEMO_UNAVAILABLE);
    if (!demoOfferedTo(mode, clientAddress)) throw new DomainError('forbidden', DEMO_LOCAL_ONLY);
    const demoUser = await this.orm.em.fork().findOne(UserEntity, { isDemo: true });
    if (!demoUser) throw new DomainError('not-found', DEMO_UNAVAILABLE);
    return this.sessions.start(demoUser.id, false, userAgent);
  }
}
