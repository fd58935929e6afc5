import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { z } from 'zod';
import { acceptInviteSchema } from '@docent/common/admin';
import type { AuthResponse } from '@docent/common/api';
import { Public } from './access.decorators.js';
import { AcceptInviteCommand } from './commands/accept-invite.command.js';
import { RATE_LIMITS, RateLimitGuard } from './rate-limits.js';

@ApiTags('Authentication')
@Controller('api/auth/invites')
export class InvitesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('accept')
  @Public()
  @UseGuards(RateLimitGuard)
  // Per address only: an invite opens one account at most, and names no email to count by.
  @SkipThrottle({ [RATE_LIMITS.loginPerIp]: true, [RATE_LIMITS.registerPerAccount]: true })
  @ApiOperation({
    summary: 'Accept an invite link: the account gets the invite’s email and role, and is signed in; a link works once',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many registrations from this address' })
  accept(@Body({ schema: acceptInviteSchema }) body: z.output<typeof acceptInviteSchema>): Promise<AuthResponse> {
    return this.commands.execute(new AcceptInviteCommand(body));
  }
}
