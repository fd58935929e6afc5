import { Module } from '@nestjs/common';
import { ModelsModule } from '../models/models.module.js';
import { GatewayController } from './gateway.controller.js';

/** The OpenAI-compatible gateway at /v1. */
@Module({
  imports: [ModelsModule],
  controllers: [GatewayController],
})
export class GatewayModule {}
