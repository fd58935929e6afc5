import type { DocumentRealtimeMessage } from '@docent/common/documents';
import type { TFunction } from 'i18next';

/** One line of the Documents page's live activity list. */
export interface DocumentActivity {
  /** Unique within the list, stable across renders. */
  key: string;
  documentName: string;
  /** What happened, e.g. 'Uploaded', 'Processing: embedding 40%', 'Failed: The PDF is encrypted'. */
  description: string;
  tone: 'info' | 'success' | 'danger' | 'neutral';
  /** ISO 8601. */
  at: string;
}

/** Enough to follow a batch of uploads through the pipeline, without growing forever. */
export const MAX_DOCUMENT_ACTIVITIES = 50;

/** The activity line a push reads as. */
export function describeDocumentMessage(
  message: DocumentRealtimeMessage,
  t: TFunction<'documents'>,
): Omit<DocumentActivity, 'key'> {
  if (message.kind === 'deleted') {
    return { documentName: message.name, description: t('activity.deleted'), tone: 'neutral', at: message.at };
  }
  const { document, cause, at } = message;
  const base = { documentName: document.name, at };
  switch (cause) {
    case 'uploaded':
      return { ...base, description: t('activity.uploaded'), tone: 'info' };
    case 'status': {
      const label = t(`status.${document.status}`);
      if (document.status === 'failed') {
        return {
          ...base,
          description: document.failureReason
            ? t('activity.withReason', { status: label, reason: document.failureReason })
            : label,
          tone: 'danger',
        };
      }
      return { ...base, description: label, tone: document.status === 'processed' ? 'success' : 'info' };
    }
    case 'progress': {
      const label = t(`status.${document.status}`);
      const progress = document.progress;
      return {
        ...base,
        description: progress
          ? t('activity.withProgress', { status: label, stage: progress.stage, percent: Math.round(progress.percent) })
          : label,
        tone: 'info',
      };
    }
    case 'metadata':
      return { ...base, description: t('activity.metadataUpdated'), tone: 'neutral' };
    default: {
      const unknownCause: never = cause;
      throw new Error(`Unknown document change ${String(unknownCause)}`);
    }
  }
}

/** Adds a push to the list: newest first, at most {@link MAX_DOCUMENT_ACTIVITIES}. */
export function addDocumentActivity(
  activities: readonly DocumentActivity[],
  message: DocumentRealtimeMessage,
  key: string,
  t: TFunction<'documents'>,
): DocumentActivity[] {
  // Progress reported as the pipeline ends arrives after the status push and carries no
  // progress any more: the status line before it already said how it ended.
  if (message.kind === 'changed' && message.cause === 'progress' && message.document.progress === null)
    return [...activities];
  return [{ key, ...describeDocumentMessage(message, t) }, ...activities].slice(0, MAX_DOCUMENT_ACTIVITIES);
}
