/** Bounds on what one document may cost to open and parse. */
export interface ParseLimits {
  /** Sum of the uncompressed sizes of an Office archive's entries. */
  maxUncompressedBytes: number;
  /** Uncompressed size over compressed size, per archive entry. */
  maxCompressionRatio: number;
  maxArchiveEntries: number;
  /** Non-empty cells read from a spreadsheet, over all its sheets. */
  maxSpreadsheetCells: number;
  /** Heap of the worker thread that parses. */
  maxOldGenerationSizeMb: number;
  timeLimitMs: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxArchiveEntries: 10_000,
  maxSpreadsheetCells: 1_000_000,
  maxOldGenerationSizeMb: 512,
  timeLimitMs: 60_000,
};
