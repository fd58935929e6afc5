import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../../auth/access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PrometheusMetrics } from './prometheus-metrics.js';

@ApiTags('System')
@Controller()
export class PrometheusController {
  constructor(
    private readonly prometheus: PrometheusMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Public to the access guard: the scrape token, not a user's credential, decides. */
  @Get('metrics')
  @Public()
  @ApiBearerAuth()
  @ApiProduces('text/plain')
  @ApiOperation({
    summary: 'Prometheus metrics (text format), for a scraper holding METRICS_SCRAPE_TOKEN as its bearer token',
  })
  @ApiUnauthorizedResponse({ description: 'Without the scrape token' })
  @ApiNotFoundResponse({ description: 'METRICS_SCRAPE_TOKEN is not set' })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const token = this.config.metrics.scrapeToken;
    if (token === null) throw new NotFoundException('Not found');
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
    if (!sameSecret(presented, token)) throw new UnauthorizedException('The scrape token is required');
    const { contentType, body } = await this.prometheus.exposition();
    response.type(contentType);
    return body;
  }
}

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
