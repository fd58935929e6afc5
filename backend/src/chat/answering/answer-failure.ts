import { DomainError } from '../../common/domain-error.js';
import {
  ModelCallFailedError,
  ModelLimitReachedError,
  NoModelAvailableError,
} from '../../models/routing/model-router.errors.js';
import type { AnswerFailureReason } from '../domain/chat.events.js';

export const ANSWER_STOPPED = 'The answer was stopped';

/** What a question's failure is recorded as: why, and the message its asker was given. */
export function describeAnswerFailure(error: unknown): { reason: AnswerFailureReason; error: string } {
  const reason = reasonOf(error);
  // An unexpected error's message may say more about the server than its users should see.
  return { reason, error: reason === 'internal-error' ? 'Internal server error' : (error as Error).message };
}

function reasonOf(error: unknown): AnswerFailureReason {
  if (error instanceof ModelLimitReachedError) return 'rate-limited';
  if (error instanceof NoModelAvailableError) return 'no-model';
  if (error instanceof ModelCallFailedError) return 'model-failed';
  if (error instanceof DomainError) return 'refused';
  return 'internal-error';
}
