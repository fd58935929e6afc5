import { Query } from '@nestjs/cqrs';
import type { AnalyticsExportFormat, AnalyticsPeriod } from '@docent/common/metrics';
import type { Principal } from '../../auth/principal.js';

export interface AnalyticsExport {
  filename: string;
  contentType: string;
  content: Buffer;
}

export class ExportAnalyticsReportQuery extends Query<AnalyticsExport> {
  constructor(
    readonly period: AnalyticsPeriod,
    readonly format: AnalyticsExportFormat,
    readonly principal: Principal,
  ) {
    super();
  }
}
