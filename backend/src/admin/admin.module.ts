import { Module } from '@nestjs/common';
import { StatusModule } from '../status/status.module.js';
import { AuditController } from './audit.controller.js';
import { AuditEntries } from './audit/audit-entries.js';
import { ExportAuditLogHandler } from './audit/export-audit-log.handler.js';
import { ListAuditLogHandler } from './audit/list-audit-log.handler.js';
import { ListServicesHandler } from './services/list-services.handler.js';
import { RestartServiceHandler } from './services/restart-service.handler.js';
import { ServiceViews } from './services/service-views.js';
import { GetSystemStatusHandler } from './status/get-system-status.handler.js';
import { HostFigures } from './status/host-figures.js';
import { SystemController } from './system.controller.js';

/**
 * The Admin page's system side: the components (System Services), the host and process
 * figures with their alerts (System Status) and the audit log. User management is the
 * auth feature's (api/users).
 */
@Module({
  imports: [StatusModule],
  controllers: [SystemController, AuditController],
  providers: [
    HostFigures,
    ServiceViews,
    ListServicesHandler,
    RestartServiceHandler,
    GetSystemStatusHandler,
    AuditEntries,
    ListAuditLogHandler,
    ExportAuditLogHandler,
  ],
})
export class AdminModule {}
