import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { z } from 'zod';
import { auditExportSchema, auditLogSchema, type AuditLogResponse } from '@docent/common/admin';
import { Authenticated } from '../auth/access.decorators.js';
import { ExportAuditLogQuery } from './audit/export-audit-log.query.js';
import { ListAuditLogQuery } from './audit/list-audit-log.query.js';

@ApiTags('Admin')
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Authenticated({ permission: 'system:monitor' })
  @ApiOperation({ summary: 'Who did what when, from the event log, newest first; filter by user, action and time' })
  async list(@Query({ schema: auditLogSchema }) query: z.output<typeof auditLogSchema>): Promise<AuditLogResponse> {
    return { success: true, ...(await this.queries.execute(new ListAuditLogQuery(query))) };
  }

  @Get('export')
  @Authenticated({ permission: 'system:monitor' })
  @ApiProduces('text/csv', 'application/json')
  @ApiOperation({ summary: 'The filtered audit log as a CSV or JSON file (at most 10,000 entries, newest first)' })
  async export(
    @Query({ schema: auditExportSchema }) { format, ...filters }: z.output<typeof auditExportSchema>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const file = await this.queries.execute(new ExportAuditLogQuery(filters, format));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    return file.content;
  }
}
