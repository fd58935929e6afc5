import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { StatusController } from './status.controller.js';
import { StatusService } from './status.service.js';

@Module({
  imports: [DiscoveryModule],
  controllers: [StatusController],
  providers: [StatusService],
  exports: [StatusService],
})
export class StatusModule {}
