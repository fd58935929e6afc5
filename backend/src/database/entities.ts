import { ActivityEntity } from '../activity/activity.entity.js';
import { ApiKeyEntity } from '../auth/api-keys/api-key.entity.js';
import { SessionEntity } from '../auth/sessions/session.entity.js';
import { UserActivityEntity } from '../auth/users/user-activity.entity.js';
import { UserEntity } from '../auth/users/user.entity.js';
import { DocumentEntity } from '../documents/read-model/document.entity.js';
import { StoredEventEntity } from '../event-store/stored-event.entity.js';
import { ProjectionCheckpointEntity } from '../projections/projection-checkpoint.entity.js';
import { ReactionCheckpointEntity } from '../reactions/reaction-checkpoint.entity.js';

export const ENTITIES = [
  StoredEventEntity,
  ProjectionCheckpointEntity,
  ReactionCheckpointEntity,
  UserEntity,
  UserActivityEntity,
  SessionEntity,
  ApiKeyEntity,
  ActivityEntity,
  DocumentEntity,
];
