import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { preferencesChangeSchema, type PreferencesResponse } from '@docent/common/preferences';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { ChangePreferencesCommand } from './commands/change-preferences.command.js';
import { GetPreferencesQuery } from './queries/get-preferences.query.js';

/** Every signed-in caller, whatever their role, reads and changes their own preferences and no one else's. */
@ApiTags('Preferences')
@Controller('api/user/preferences')
export class PreferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: "The caller's preferences: the defaults, overridden by every field they set" })
  async get(@CurrentPrincipal() principal: Principal): Promise<PreferencesResponse> {
    return { success: true, preferences: await this.queries.execute(new GetPreferencesQuery(principal.userId)) };
  }

  @Put()
  @Authenticated()
  @ApiOperation({
    summary:
      "Change any of the caller's preferences (only the fields sent); 400 naming a field unknown or out of range",
  })
  async change(
    @Body({ schema: preferencesChangeSchema }) changes: z.output<typeof preferencesChangeSchema>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PreferencesResponse> {
    return {
      success: true,
      preferences: await this.commands.execute(new ChangePreferencesCommand(changes, principal)),
    };
  }
}
