import { ROLE_DISPLAY_NAMES } from '@docent/common/permissions';
import type { DomainEventType, RecordedEvent } from '../event-store/domain-event.js';
import type { ActivityRecord } from './activity.entity.js';

export type ActivityItem = Pick<ActivityRecord, 'type' | 'title' | 'description' | 'status'>;

/** The event types the activity feed tells of: those `describeActivity` has an item for. */
export const ACTIVITY_EVENT_TYPES = [
  'UserRegistered',
  'UserSuspended',
  'UserReactivated',
  'UserDeactivated',
  'UserDeleted',
  'UserInvited',
  'InviteAccepted',
  'ServiceRestarted',
  'UserLoggedIn',
  'UserRoleChanged',
  'PasswordChanged',
  'ApiKeyCreated',
  'ApiKeyDeleted',
  'SessionRevoked',
  'DocumentUploaded',
  'DocumentProcessed',
  'DocumentProcessingFailed',
  'DocumentDeleted',
  'ProviderConfigured',
  'ProviderApiKeyCleared',
  'ProviderAdded',
  'ProviderRemoved',
  'ModelStatusChanged',
  'ModelConfigured',
  'ModelLimitsChanged',
  'RoutingConfigured',
  'SearchPerformed',
  'ChatAnswered',
  'ChatAnswerFailed',
  'ToolExecuted',
] as const satisfies readonly DomainEventType[];

export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

const activityEventTypes: ReadonlySet<DomainEventType> = new Set(ACTIVITY_EVENT_TYPES);

export const isActivityEvent = (event: RecordedEvent): event is RecordedEvent<ActivityEventType> =>
  activityEventTypes.has(event.type);

/**
 * The feed's item for an event, or null when this one is not worth telling (a session
 * ending normally). The switch has no default, so every listed type must have its case.
 */
export function describeActivity(event: RecordedEvent<ActivityEventType>): ActivityItem | null {
  switch (event.type) {
    case 'UserRegistered':
      return {
        type: 'system',
        // An account someone else opened: an administrator created it.
        title:
          event.metadata.actorId === event.data.userId ? 'New user registered' : 'User created by an administrator',
        description: `${event.data.name} joined as ${ROLE_DISPLAY_NAMES[event.data.role]}`,
        status: 'success',
      };
    case 'UserSuspended':
      return { type: 'system', title: 'User suspended', description: 'An account was suspended', status: 'warning' };
    case 'UserReactivated':
      return { type: 'system', title: 'User reactivated', description: 'An account may sign in again', status: 'info' };
    case 'UserDeactivated':
      return {
        type: 'system',
        title: 'User deactivated',
        description: 'An account was deactivated',
        status: 'warning',
      };
    case 'UserDeleted':
      return {
        type: 'system',
        title: 'User deleted',
        description: `${event.data.name}'s account was deleted; their documents stay`,
        status: 'warning',
      };
    case 'UserInvited':
      return {
        type: 'system',
        title: 'User invited',
        description: `An invite as ${ROLE_DISPLAY_NAMES[event.data.role]} was sent`,
        status: 'info',
      };
    case 'InviteAccepted':
      return { type: 'system', title: 'Invite accepted', description: 'An invited user joined', status: 'success' };
    case 'ServiceRestarted':
      return {
        type: 'system',
        title: 'Service restarted',
        description: `${event.data.service} restarted in ${event.data.tookMs} ms`,
        status: 'info',
      };
    case 'UserLoggedIn':
      return { type: 'system', title: 'User signed in', description: 'A new session started', status: 'info' };
    case 'UserRoleChanged':
      return {
        type: 'system',
        title: 'Role changed',
        description: `${ROLE_DISPLAY_NAMES[event.data.previousRole]} became ${ROLE_DISPLAY_NAMES[event.data.role]}`,
        status: 'warning',
      };
    case 'PasswordChanged':
      return {
        type: 'system',
        title: 'Password changed',
        description: 'A user changed their password; their other sessions ended',
        status: 'info',
      };
    case 'ApiKeyCreated':
      return {
        type: 'api',
        title: 'API key created',
        description: `Key "${event.data.name}" was created`,
        status: 'success',
      };
    case 'ApiKeyDeleted':
      return { type: 'api', title: 'API key deleted', description: 'An API key was revoked', status: 'info' };
    case 'SessionRevoked':
      return event.data.reason === 'refresh-token-reuse'
        ? {
            type: 'system',
            title: 'Session revoked',
            description: 'A spent refresh token was presented again; the session was closed',
            status: 'error',
          }
        : null;
    case 'DocumentUploaded':
      return {
        type: 'document',
        title: 'Document uploaded',
        description: `${event.data.name} (${event.data.type})`,
        status: 'info',
      };
    case 'DocumentProcessed':
      return {
        type: 'document',
        title: 'Document processed',
        description: `Indexed in ${event.data.chunks} ${event.data.chunks === 1 ? 'chunk' : 'chunks'}${event.data.vectorized ? ' with embeddings' : ''}`,
        status: event.data.embeddingError ? 'warning' : 'success',
      };
    case 'DocumentProcessingFailed':
      return {
        type: 'document',
        title: 'Document processing failed',
        description: event.data.reason.slice(0, 500),
        status: 'error',
      };
    case 'DocumentDeleted':
      return { type: 'document', title: 'Document deleted', description: event.data.name, status: 'info' };
    case 'ProviderConfigured':
      return {
        type: 'model',
        title: 'Model provider configured',
        description: `${event.data.providerId}: ${event.data.endpoint ?? 'default endpoint'}, ${event.data.apiKey ? `key ${event.data.apiKey.masked}` : 'no key'}`,
        status: 'info',
      };
    case 'ProviderApiKeyCleared':
      return {
        type: 'model',
        title: 'Model provider key cleared',
        description: `${event.data.providerId}: its endpoint changed, so its API key must be entered again`,
        status: 'warning',
      };
    case 'ProviderAdded':
      return {
        type: 'model',
        title: 'Model provider added',
        description: `${event.data.name} at ${event.data.endpoint} (${event.data.models.length} models)`,
        status: 'success',
      };
    case 'ProviderRemoved':
      return { type: 'model', title: 'Model provider removed', description: event.data.providerId, status: 'info' };
    case 'ModelStatusChanged':
      return {
        type: 'model',
        title:
          event.data.status === 'error'
            ? 'Model failed its health test'
            : `Model ${event.data.status === 'active' ? 'activated' : 'deactivated'}`,
        description: event.data.reason
          ? `${event.data.modelId}: ${event.data.reason.slice(0, 400)}`
          : event.data.modelId,
        status: event.data.status === 'error' ? 'error' : event.data.status === 'active' ? 'success' : 'info',
      };
    case 'ModelConfigured':
    case 'ModelLimitsChanged':
      return { type: 'model', title: 'Model settings changed', description: event.data.modelId, status: 'info' };
    case 'RoutingConfigured':
      return {
        type: 'model',
        title: 'Model routing changed',
        description: `Primary ${event.data.primaryModelId ?? 'none'}, fallback ${event.data.fallbackModelId ?? 'none'}, auto-routing ${event.data.autoRouting ? 'on' : 'off'}`,
        status: 'info',
      };
    // What was asked stays the asker's: the feed tells operators that searching and answering work, not what about.
    case 'SearchPerformed':
      return {
        type: 'search',
        title: event.data.success ? 'Search performed' : 'Search failed',
        description: `${capitalized(event.data.type)} search: ${count(event.data.resultCount, 'result')} in ${event.data.tookMs} ms`,
        status: event.data.success ? 'success' : 'error',
      };
    case 'ChatAnswered':
      return {
        type: 'search',
        title: 'Question answered',
        description: event.data.model
          ? `${event.data.model.name}: ${count(event.data.citations.length, 'citation')} in ${event.data.latencyMs} ms`
          : 'No passage found in the documents; no model was asked',
        status: event.data.grounded ? 'success' : 'warning',
      };
    case 'ChatAnswerFailed':
      return event.data.reason === 'stopped'
        ? { type: 'search', title: 'Answer stopped', description: 'The asker stopped the answer', status: 'info' }
        : {
            type: 'search',
            title: 'Question not answered',
            description: event.data.error.slice(0, 500),
            status: 'error',
          };
    // Which tool ran and how it went; what it was given and answered stays the caller's.
    case 'ToolExecuted':
      return event.data.outcome === 'success'
        ? {
            type: 'tool',
            title: 'Tool executed',
            description: `${event.data.tool} in ${event.data.latencyMs} ms`,
            status: 'success',
          }
        : {
            type: 'tool',
            title: 'Tool failed',
            description: `${event.data.tool}: ${(event.data.error ?? 'failed').slice(0, 400)}`,
            status: 'error',
          };
  }
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const count = (value: number, noun: string) => `${value} ${value === 1 ? noun : `${noun}s`}`;
