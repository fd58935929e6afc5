import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { demoOfferedTo } from '../users/demo-account.js';
import { GetDemoAvailabilityQuery } from './get-demo-availability.query.js';

@QueryHandler(GetDemoAvailabilityQuery)
export class GetDemoAvailabilityHandler implements IQueryHandler<GetDemoAvailabilityQuery> {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute({ clientAddress }: GetDemoAvailabilityQuery): Promise<boolean> {
    return demoOfferedTo(this.config.auth.demoMode, clientAddress);
  }
}
