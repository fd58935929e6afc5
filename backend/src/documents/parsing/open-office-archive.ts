import JSZip from 'jszip';
import { UnreadableDocumentError } from './unreadable-document.error.js';

/** An opened Office archive whose parts are read as text, or undefined when missing. */
export interface OfficeArchive {
  readPart(path: string): Promise<string | undefined>;
}

/** Opens an archive that zip-guard has already approved. */
export async function openOfficeArchive(bytes: Uint8Array): Promise<OfficeArchive> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new UnreadableDocumentError('The file is damaged or incomplete');
  }
  return {
    readPart: async (path) => zip.file(path)?.async('string'),
  };
}
