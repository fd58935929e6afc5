import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators.js';
import { PLATFORM, StatusService, VERSION } from './status.service.js';

@ApiTags('System')
@Controller()
export class StatusController {
  constructor(private readonly status: StatusService) {}

  @Get('health')
  @Public()
  @ApiOperation({ summary: 'Liveness: answers 200 while the server can reach its database' })
  async health(@Res({ passthrough: true }) response: Response) {
    const database = await this.status.component('database');
    const healthy = database?.status === 'ready';
    if (!healthy) response.status(503);
    return { status: healthy ? 'ok' : 'error', platform: PLATFORM, version: VERSION };
  }

  @Get('status')
  @Public()
  @ApiOperation({ summary: 'The state of each component: ready, degraded or unavailable' })
  async components() {
    return { platform: PLATFORM, version: VERSION, components: await this.status.components() };
  }
}
