import { DOCUMENT_STATUSES, type DocumentRealtimeMessage, type DocumentView } from '@docent/common/documents';

/**
 * Reads a 'documents' push defensively: the socket is a boundary, so a malformed
 * payload is dropped rather than trusted.
 */
export function parseDocumentMessage(payload: unknown): DocumentRealtimeMessage | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const message = payload as Record<string, unknown>;
  if (typeof message.at !== 'string') return null;
  if (message.kind === 'deleted') {
    return typeof message.documentId === 'string' && typeof message.name === 'string'
      ? { kind: 'deleted', documentId: message.documentId, name: message.name, at: message.at }
      : null;
  }
  if (message.kind !== 'changed') return null;
  const cause = message.cause;
  if (cause !== 'uploaded' && cause !== 'status' && cause !== 'progress' && cause !== 'metadata') return null;
  const document = message.document as Partial<DocumentView> | null | undefined;
  const looksLikeDocument =
    typeof document === 'object' &&
    document !== null &&
    typeof document.id === 'string' &&
    typeof document.name === 'string' &&
    DOCUMENT_STATUSES.some((status) => status === document.status);
  return looksLikeDocument ? { kind: 'changed', cause, document: document as DocumentView, at: message.at } : null;
}

export interface LiveMergeResult {
  rows: DocumentView[];
  /**
   * True when the page must ask the server again: a document it does not show (the
   * filters, sort and paging decide whether it belongs), a change that moves the stats
   * or may take a row out of the filtered list, or a deletion (the page refills).
   */
  refetch: boolean;
}

/** Applies one push to the rows on screen. Pure. */
export function mergeDocumentMessage(rows: readonly DocumentView[], message: DocumentRealtimeMessage): LiveMergeResult {
  if (message.kind === 'deleted') {
    return { rows: rows.filter((row) => row.id !== message.documentId), refetch: true };
  }
  const index = rows.findIndex((row) => row.id === message.document.id);
  if (index === -1) return { rows: [...rows], refetch: true };
  const updated = [...rows];
  updated[index] = message.document;
  // Progress and metadata change neither the counts nor any filtered field.
  return { rows: updated, refetch: message.cause === 'uploaded' || message.cause === 'status' };
}
