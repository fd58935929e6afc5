import type { Actor } from '@docent/common/permissions';

/**
 * The text of the passages an answer cited, as a session is read: its event keeps only
 * where each passage is. Injected by PASSAGE_TEXTS.
 */
export interface PassageTexts {
  /**
   * The text of each of these chunks that the reader may read, by chunk id. A chunk that
   * is gone (its document deleted or reprocessed) or that the reader may no longer read
   * is left out.
   */
  textsOf(chunkIds: readonly string[], reader: Actor): Promise<Map<string, string>>;
}

export const PASSAGE_TEXTS = Symbol('PASSAGE_TEXTS');
