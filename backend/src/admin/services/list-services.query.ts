import { Query } from '@nestjs/cqrs';
import type { SystemService } from '@docent/common/admin';

export class ListServicesQuery extends Query<SystemService[]> {}
