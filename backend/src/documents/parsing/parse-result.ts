import type { ParsedDocument } from './parsed-document.js';

export type ParseResult = { ok: true; document: ParsedDocument } | { ok: false; reason: string };
