import { Module } from '@nestjs/common';
import { ActivityProjection } from './activity.projection.js';

@Module({ providers: [ActivityProjection] })
export class ActivityModule {}
