import { Module } from '@nestjs/common';
import { ActivityProjection } from './activity.projection.js';
import { PushActivityReaction } from './push-activity.reaction.js';

@Module({ providers: [ActivityProjection, PushActivityReaction] })
export class ActivityModule {}
