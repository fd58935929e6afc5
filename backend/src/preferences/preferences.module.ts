import { Module } from '@nestjs/common';
import { ChangePreferencesHandler } from './commands/change-preferences.handler.js';
import { PreferencesController } from './preferences.controller.js';
import { GetPreferencesHandler } from './queries/get-preferences.handler.js';
import { PreferencesViews } from './read-model/preferences-views.js';
import { UserPreferencesProjection } from './read-model/user-preferences.projection.js';

/** Each user's preferences (spec section 3): PreferencesChanged events on their own stream, read from user_preferences. */
@Module({
  controllers: [PreferencesController],
  providers: [ChangePreferencesHandler, GetPreferencesHandler, PreferencesViews, UserPreferencesProjection],
})
export class PreferencesModule {}
