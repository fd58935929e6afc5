import { Controller, Get, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Authenticated, CurrentPrincipal } from '../auth/access.decorators.js';
import type { Principal } from '../auth/principal.js';
import { BackUpInstanceCommand } from './back-up-instance.command.js';

/**
 * The instance backup as a download. There is no restore over HTTP: a restore needs an
 * empty instance, and a server that answers requests has at least its administrator in
 * its log; `npm run restore` fills a new DATA_DIR before the server starts.
 */
@ApiTags('Admin')
@Controller('api/admin/backup')
export class BackupController {
  constructor(private readonly commands: CommandBus) {}

  @Get()
  @Authenticated({ permission: 'system:backup' })
  @ApiProduces('application/gzip')
  @ApiOperation({
    summary:
      'A backup of the whole instance (event log and stored originals) as one .tar.gz; restore with npm run restore',
  })
  async download(@CurrentPrincipal() principal: Principal, @Res() response: Response): Promise<void> {
    response.setHeader('Content-Type', 'application/gzip');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="docent-backup-${new Date().toISOString().slice(0, 10)}.tar.gz"`,
    );
    // Once the archive has begun there is no status left to change: a failure cuts the download short.
    await this.commands.execute(new BackUpInstanceCommand(principal.userId, response)).catch((error: unknown) => {
      response.destroy(error as Error);
    });
  }
}
