import type { DocumentType } from '@docent/common/documents';

export type { DocumentType };

/**
 * Where a piece of text sits in its document. Which fields are set depends on the
 * type: page for PDF, headingPath for DOCX and MD, sheet (and row) for XLSX, slide
 * for PPTX.
 */
export interface TextPosition {
  page?: number;
  /** The headings above the text, outermost first. */
  headingPath?: string[];
  sheet?: string;
  row?: number;
  slide?: number;
  /** Speaker notes of a slide rather than its body. */
  notes?: boolean;
}

/**
 * One structural block of the document, in reading order: a page, a section under a
 * heading, a sheet's rows, a slide or its notes. Chunks never span two blocks.
 */
export interface DocumentBlock {
  text: string;
  position: TextPosition;
}

export interface ParsedDocument {
  type: DocumentType;
  /** The MIME type of the original. */
  contentType: string;
  blocks: DocumentBlock[];
  /** All extracted text: the blocks joined with blank lines, in order. */
  text: string;
  metadata: {
    /** PDF pages, PPTX slides, XLSX sheets; 1 for the others. */
    pages: number;
    words: number;
    /** ISO 639-3 code of the main language, 'und' when it cannot be told. */
    language: string;
    /** TXT and MD: the character encoding the bytes were decoded from. */
    encoding?: string;
  };
}
