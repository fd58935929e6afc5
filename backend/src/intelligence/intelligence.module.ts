import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module.js';
import { SearchModule } from '../search/search.module.js';
import { IntelligenceController } from './intelligence.controller.js';
import { GetIntelligenceStatsHandler } from './queries/get-intelligence-stats.handler.js';
import { IntelligenceViews } from './read-model/intelligence-views.js';

/** The Intelligence page's figures: searches and chat questions together. */
@Module({
  imports: [SearchModule, ChatModule],
  controllers: [IntelligenceController],
  providers: [IntelligenceViews, GetIntelligenceStatsHandler],
})
export class IntelligenceModule {}
