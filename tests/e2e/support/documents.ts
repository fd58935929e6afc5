import { writeFileSync } from 'node:fs';
import { Document, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import pptxgenjs from 'pptxgenjs';
import type { DocumentListResponse, DocumentView } from '@docent/common/documents';
import { ADMIN_ACCOUNT_ENV } from './suite-env.js';

// pptxgenjs's typings describe a CommonJS module (the class under .default), but its
// ES build, which an import loads, exports the class itself as default.
const PptxGenJS = pptxgenjs as unknown as typeof pptxgenjs.default;

/** A file as a person would pick it: a name and the bytes the program that wrote it saved. */
export interface SampleFile {
  name: string;
  bytes: Uint8Array;
}

/** Each writer puts `sentence` in the file, so a preview or a search can be checked against it. */
export const writers = {
  async pdf(name: string, sentence: string): Promise<SampleFile> {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText(sentence, { x: 50, y: 700, size: 12, font });
    return { name, bytes: await pdf.save() };
  },

  async docx(name: string, sentence: string): Promise<SampleFile> {
    const document = new Document({
      sections: [{ children: [new Paragraph('Meeting notes'), new Paragraph(sentence)] }],
    });
    return { name, bytes: new Uint8Array(await Packer.toBuffer(document)) };
  },

  async xlsx(name: string, sentence: string): Promise<SampleFile> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes').addRows([
      ['Topic', 'Note'],
      ['Summary', sentence],
    ]);
    return { name, bytes: new Uint8Array(await workbook.xlsx.writeBuffer()) };
  },

  async pptx(name: string, sentence: string): Promise<SampleFile> {
    const presentation = new PptxGenJS();
    presentation.addSlide().addText(sentence, { x: 0.5, y: 1, w: 9, h: 1 });
    return { name, bytes: (await presentation.write({ outputType: 'nodebuffer' })) as Uint8Array };
  },

  text(name: string, text: string): SampleFile {
    return { name, bytes: new TextEncoder().encode(text) };
  },

  /**
   * pdf-lib cannot encrypt, so this PDF only declares Standard-handler encryption in its
   * trailer with made-up keys no empty password opens (the backend's parsing tests build
   * theirs the same way): processing ends Failed with 'The PDF is encrypted'.
   */
  async encryptedPdf(name: string): Promise<SampleFile> {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText('Secret', { x: 50, y: 700, size: 14, font });
    const key = PDFHexString.of('0123456789abcdef'.repeat(4));
    pdf.context.trailerInfo.Encrypt = pdf.context.register(
      pdf.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4, O: key, U: key }),
    );
    pdf.context.trailerInfo.ID = pdf.context.obj([
      PDFHexString.of('00ff'.repeat(8)),
      PDFHexString.of('00ff'.repeat(8)),
    ]);
    return { name, bytes: await pdf.save({ useObjectStreams: false }) };
  },
};

/** Writes the files where `pathOf` says (a test's output folder) and returns their paths, for setInputFiles. */
export function writeSampleFiles(files: readonly SampleFile[], pathOf: (name: string) => string): string[] {
  return files.map((file) => {
    const path = pathOf(file.name);
    writeFileSync(path, file.bytes);
    return path;
  });
}

// ----- The documents API, for what a test needs in place before it opens the page -------------

async function api<T>(baseURL: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(new URL(path, baseURL), {
    ...init,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...init.headers },
  });
  const body = (await response.json().catch(() => undefined)) as T | undefined;
  if (!response.ok || body === undefined) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered HTTP ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** POST /api/documents/upload with one file; resolves with the accepted document. */
export async function uploadThroughApi(baseURL: string, token: string, file: SampleFile): Promise<DocumentView> {
  const form = new FormData();
  form.append('document', new Blob([Buffer.from(file.bytes)]), file.name);
  const body = await api<{ documents: DocumentView[] }>(baseURL, token, '/api/documents/upload', {
    method: 'POST',
    body: form,
  });
  const [document] = body.documents;
  if (!document) throw new Error(`Uploading ${file.name} accepted nothing: ${JSON.stringify(body)}`);
  return document;
}

/** Every document whose name or type contains `search` (at most 100: a test makes a handful). */
export async function findDocuments(baseURL: string, token: string, search: string): Promise<DocumentView[]> {
  const query = new URLSearchParams({ search, pageSize: '100' });
  return (await api<DocumentListResponse>(baseURL, token, `/api/documents?${query}`)).documents;
}

export async function deleteDocument(baseURL: string, token: string, documentId: string): Promise<void> {
  await api(baseURL, token, `/api/documents/${documentId}`, { method: 'DELETE' });
}

// ----- An administrator, for role changes and clean-up ---------------------------------------

/**
 * A new session of the suite's administrator, the first account global setup registered
 * on the shared server. (The demo administrator would not do: a demo session may not
 * change roles, nor touch other people's documents.)
 */
export async function suiteAdminToken(baseURL: string): Promise<string> {
  const credentials = process.env[ADMIN_ACCOUNT_ENV];
  if (!credentials) throw new Error(`${ADMIN_ACCOUNT_ENV} is not set: run the suite with \`playwright test\``);
  const response = await fetch(new URL('/api/auth/login', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: credentials,
  });
  const body = (await response.json().catch(() => undefined)) as { accessToken?: string } | undefined;
  if (!response.ok || !body?.accessToken)
    throw new Error(`The suite administrator's login answered HTTP ${response.status}: ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** Ends one session (the suite administrator's, once a test is done with it). */
export async function closeSession(baseURL: string, token: string): Promise<void> {
  await fetch(new URL('/api/auth/logout', baseURL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ logoutAll: false }),
  }).catch(() => undefined);
}

/** PUT /api/users/{id}/role as an administrator. */
export async function changeRole(baseURL: string, adminToken: string, userId: string, role: string): Promise<void> {
  await api(baseURL, adminToken, `/api/users/${userId}/role`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ role }),
  });
}
