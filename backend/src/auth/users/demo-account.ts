import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/sql';
import { APP_CONFIG, type AppConfig, type DemoMode } from '../../config/app-config.js';
import { Decisions } from '../../event-store/decisions.service.js';
import { isLoopbackAddress } from '../../http/client-address.js';
import { PasswordHasher } from '../tokens/password-hasher.js';
import { userDecider } from './user.decider.js';
import { userStreamId } from './user.events.js';
import { UserEntity } from './user.entity.js';

export const DEMO_ACCOUNT = { email: 'demo@docent.local', name: 'Demo Administrator' } as const;

/** Whether demo login is offered to a client at this address: from anywhere only when DEMO_MODE says so. */
export function demoOfferedTo(mode: DemoMode, clientAddress: string | undefined): boolean {
  return mode === 'anywhere' || (mode === 'loopback' && isLoopbackAddress(clientAddress));
}

/**
 * In demo mode the login page offers a one-click demo administrator. The account
 * has a random password nobody knows: it is reachable only through demo login,
 * and refused everywhere while demo mode is off. Its sessions are demo principals,
 * from which the access policy withholds what a demo must not change.
 *
 * Created at start-up straight through Decisions rather than as a command: no caller
 * asks for it, and the command bus takes its handlers during the same bootstrap.
 */
@Injectable()
export class DemoAccount implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoAccount.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly decisions: Decisions,
    private readonly passwords: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.auth.demoMode === 'off') return;
    if (await this.orm.em.fork().findOne(UserEntity, { isDemo: true })) return;
    const userId = randomUUID();
    try {
      await this.decisions.handle(
        userDecider,
        userStreamId(userId),
        {
          type: 'Register',
          userId,
          email: DEMO_ACCOUNT.email,
          name: DEMO_ACCOUNT.name,
          role: 'admin',
          passwordHash: await this.passwords.hash(randomBytes(32).toString('base64url')),
          isDemo: true,
        },
        { actorId: null },
      );
      this.logger.log('Demo mode: the demo administrator account is available from the login page');
    } catch (error) {
      // Another instance created it at the same moment.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
}
