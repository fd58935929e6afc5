import { MAX_UPLOAD_BYTES } from '@docent/common/documents';
import { describe, expect, it } from '@jest/globals';
import { englishT } from '../i18n/english.spec-support';
import { acceptedTypesText, checkUploadSelection, uploadFailureMessage, uploadLimitsText } from './upload-checks';

const t = englishT('documents');

const file = (name: string, size = 1000) => ({ name, size });
const MB = 1024 * 1024;

describe('the upload checks made before sending', () => {
  it('refuses an empty selection', () => {
    expect(checkUploadSelection([], t, 'en')).toEqual({ ok: false, message: 'Choose at least one file to upload.' });
  });

  it('refuses six files, since the limit is five', () => {
    const files = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => file(`${name}.pdf`));
    expect(checkUploadSelection(files, t, 'en')).toEqual({
      ok: false,
      message: 'You chose 6 files; upload at most 5 at a time.',
    });
  });

  it('accepts five files', () => {
    const files = ['a', 'b', 'c', 'd', 'e'].map((name) => file(`${name}.pdf`));
    expect(checkUploadSelection(files, t, 'en')).toEqual({ ok: true, files });
  });

  it('refuses a 51 MB file and names it', () => {
    const check = checkUploadSelection([file('small.txt'), file('huge.pdf', 51 * MB)], t, 'en');
    expect(check).toEqual({ ok: false, message: 'Each file must be at most 50 MB: huge.pdf (51.0 MB) is too large.' });
  });

  it('accepts a file of exactly 50 MB', () => {
    expect(checkUploadSelection([file('edge.pdf', MAX_UPLOAD_BYTES)], t, 'en').ok).toBe(true);
  });

  it('refuses an empty file', () => {
    expect(checkUploadSelection([file('blank.txt', 0)], t, 'en')).toEqual({
      ok: false,
      message: 'blank.txt is empty.',
    });
  });

  it('states the limits and types up front', () => {
    expect(uploadLimitsText(t)).toBe('Up to 5 files, 50 MB each');
    expect(acceptedTypesText(t)).toBe('Accepted types: PDF, DOCX, XLSX, MD, PPTX, TXT');
  });
});

describe('the upload failure message', () => {
  it("is the server's error field when it sent one", () => {
    expect(
      uploadFailureMessage(
        415,
        'Unsupported Media Type',
        { success: false, error: 'Only PDF, DOCX... are accepted' },
        t,
      ),
    ).toBe('Only PDF, DOCX... are accepted');
  });

  it("is 'HTTP {status}: {statusText}' otherwise", () => {
    expect(uploadFailureMessage(502, 'Bad Gateway', undefined, t)).toBe('HTTP 502: Bad Gateway');
    expect(uploadFailureMessage(500, 'Internal Server Error', { success: false }, t)).toBe(
      'HTTP 500: Internal Server Error',
    );
  });

  it('says Network error when no answer came back', () => {
    expect(uploadFailureMessage(0, '', undefined, t)).toBe('Network error');
  });
});
