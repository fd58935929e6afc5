import { Query } from '@nestjs/cqrs';
import type { SystemStatus } from '@docent/common/admin';

export class GetSystemStatusQuery extends Query<SystemStatus> {}
