import type { DocumentRealtimeMessage, DocumentView } from '@docent/common/documents';
import { describe, expect, it } from '@jest/globals';
import { mergeDocumentMessage, parseDocumentMessage } from './document-live-rows';
import { SAMPLE_DOCUMENTS } from './sample-documents';

const documentWith = (id: string, changes: Partial<DocumentView> = {}): DocumentView => ({
  ...SAMPLE_DOCUMENTS[0]!,
  id,
  name: `${id}.pdf`,
  ...changes,
});
const at = '2025-03-10T12:00:00.000Z';
const changed = (
  cause: 'uploaded' | 'status' | 'progress' | 'metadata',
  document: DocumentView,
): DocumentRealtimeMessage => ({
  kind: 'changed',
  cause,
  document,
  at,
});

describe('a live push applied to the rows on screen', () => {
  const rows = [documentWith('a'), documentWith('b', { status: 'processing' })];

  it('replaces a shown row in place on progress, without asking the server again', () => {
    const progressed = documentWith('b', { status: 'processing', progress: { stage: 'embedding', percent: 40 } });
    const result = mergeDocumentMessage(rows, changed('progress', progressed));
    expect(result.rows.map((row) => row.id)).toEqual(['a', 'b']);
    expect(result.rows[1]).toBe(progressed);
    expect(result.refetch).toBe(false);
  });

  it('replaces a shown row on a status change and refetches, since the stats and the filters may move', () => {
    const failed = documentWith('b', { status: 'failed', failureReason: 'Encrypted PDF' });
    const result = mergeDocumentMessage(rows, changed('status', failed));
    expect(result.rows[1]).toBe(failed);
    expect(result.refetch).toBe(true);
  });

  it('leaves a document it does not show to the server, which knows whether the filters let it in', () => {
    const result = mergeDocumentMessage(rows, changed('uploaded', documentWith('c')));
    expect(result.rows.map((row) => row.id)).toEqual(['a', 'b']);
    expect(result.refetch).toBe(true);
  });

  it('removes a deleted row and refetches to refill the page', () => {
    const result = mergeDocumentMessage(rows, { kind: 'deleted', documentId: 'a', name: 'a.pdf', at });
    expect(result.rows.map((row) => row.id)).toEqual(['b']);
    expect(result.refetch).toBe(true);
  });

  it('never changes the rows it was given', () => {
    const before = [...rows];
    mergeDocumentMessage(rows, { kind: 'deleted', documentId: 'a', name: 'a.pdf', at });
    expect(rows).toEqual(before);
  });
});

describe('reading a push from the socket', () => {
  it('accepts the contract’s two kinds', () => {
    const message = changed('metadata', documentWith('a'));
    expect(parseDocumentMessage(message)).toEqual(message);
    expect(parseDocumentMessage({ kind: 'deleted', documentId: 'a', name: 'a.pdf', at })).toEqual({
      kind: 'deleted',
      documentId: 'a',
      name: 'a.pdf',
      at,
    });
  });

  it('drops anything malformed', () => {
    expect(parseDocumentMessage(null)).toBeNull();
    expect(parseDocumentMessage('changed')).toBeNull();
    expect(parseDocumentMessage({ kind: 'changed', cause: 'status', at })).toBeNull();
    expect(parseDocumentMessage({ kind: 'changed', cause: 'renamed', document: documentWith('a'), at })).toBeNull();
    expect(
      parseDocumentMessage({
        kind: 'changed',
        cause: 'status',
        document: { ...documentWith('a'), status: 'lost' },
        at,
      }),
    ).toBeNull();
    expect(parseDocumentMessage({ kind: 'deleted', documentId: 'a', at })).toBeNull();
  });
});
