import type { DocumentView } from '@docent/common/documents';
import { describe, expect, it } from '@jest/globals';
import { addDocumentActivity, describeDocumentMessage, MAX_DOCUMENT_ACTIVITIES } from './document-activity';
import { SAMPLE_DOCUMENTS } from './sample-documents';
import { englishT } from '../i18n/english.spec-support';

const t = englishT('documents');

const at = '2025-03-10T12:00:00.000Z';
const doc = (changes: Partial<DocumentView>): DocumentView => ({
  ...SAMPLE_DOCUMENTS[0]!,
  name: 'Report.pdf',
  ...changes,
});

describe('the live activity line for a document push', () => {
  it('says a document was uploaded', () => {
    expect(
      describeDocumentMessage({ kind: 'changed', cause: 'uploaded', document: doc({ status: 'uploading' }), at }, t),
    ).toEqual({
      documentName: 'Report.pdf',
      description: 'Uploaded',
      tone: 'info',
      at,
    });
  });

  it('names the new status with its label', () => {
    expect(
      describeDocumentMessage({ kind: 'changed', cause: 'status', document: doc({ status: 'indexing' }), at }, t)
        .description,
    ).toBe('Indexing');
    const processed = describeDocumentMessage(
      {
        kind: 'changed',
        cause: 'status',
        document: doc({ status: 'processed' }),
        at,
      },
      t,
    );
    expect([processed.description, processed.tone]).toEqual(['Processed', 'success']);
  });

  it('gives the reason of a failure', () => {
    const failed = describeDocumentMessage(
      {
        kind: 'changed',
        cause: 'status',
        document: doc({ status: 'failed', failureReason: 'The PDF is encrypted' }),
        at,
      },
      t,
    );
    expect([failed.description, failed.tone]).toEqual(['Failed: The PDF is encrypted', 'danger']);
  });

  it('shows the stage and percent of progress', () => {
    const progress = describeDocumentMessage(
      {
        kind: 'changed',
        cause: 'progress',
        document: doc({ status: 'processing', progress: { stage: 'embedding', percent: 42.4 } }),
        at,
      },
      t,
    );
    expect(progress.description).toBe('Processing: embedding 42%');
  });

  it('says a document was deleted, by its name', () => {
    expect(describeDocumentMessage({ kind: 'deleted', documentId: 'x', name: 'Old.txt', at }, t)).toMatchObject({
      documentName: 'Old.txt',
      description: 'Deleted',
    });
  });
});

describe('the live activity list', () => {
  it('leaves out progress that arrives after the pipeline ended', () => {
    const processed = addDocumentActivity(
      [],
      { kind: 'changed', cause: 'status', document: doc({ status: 'processed' }), at },
      'k0',
      t,
    );
    const late = addDocumentActivity(
      processed,
      { kind: 'changed', cause: 'progress', document: doc({ status: 'processed', progress: null }), at },
      'k1',
      t,
    );
    expect(late.map((activity) => activity.description)).toEqual(['Processed']);
  });

  it('puts the newest first and keeps at most the limit', () => {
    let list = addDocumentActivity([], { kind: 'deleted', documentId: '0', name: 'first', at }, 'k0', t);
    for (let index = 1; index <= MAX_DOCUMENT_ACTIVITIES + 5; index += 1) {
      list = addDocumentActivity(
        list,
        { kind: 'deleted', documentId: String(index), name: `doc ${index}`, at },
        `k${index}`,
        t,
      );
    }
    expect(list).toHaveLength(MAX_DOCUMENT_ACTIVITIES);
    expect(list[0]!.documentName).toBe(`doc ${MAX_DOCUMENT_ACTIVITIES + 5}`);
    expect(list.some((activity) => activity.documentName === 'first')).toBe(false);
  });
});
