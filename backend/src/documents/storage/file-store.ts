import type { Readable } from 'node:stream';

export interface StoredFile {
  sha256: string;
  size: number;
}

/** Content written aside and hashed but not yet stored: inspect it, then commit or discard it. */
export interface StagedFile extends StoredFile {
  read(): Promise<Uint8Array>;
  /** Stores the content under its hash (nothing happens when it is already stored). */
  commit(): Promise<void>;
  /** Removes the staged copy; harmless after commit. */
  discard(): Promise<void>;
}

/**
 * Uploaded originals, addressed by the sha256 of their content. Identical
 * uploads share one copy; an S3-compatible store can replace the disk one.
 */
export interface FileStore {
  /** Stores the content, or nothing when it is already stored; a failed put leaves nothing behind. */
  put(content: Readable | Uint8Array): Promise<StoredFile>;
  /** Writes and hashes the content without storing it; a failed stage leaves nothing behind. */
  stage(content: Readable | Uint8Array): Promise<StagedFile>;
  /** Throws FileNotFoundError when nothing is stored under the hash. */
  get(sha256: string): Readable;
  has(sha256: string): Promise<boolean>;
  /** Throws FileNotFoundError when nothing is stored under the hash. */
  size(sha256: string): Promise<number>;
  /** Succeeds whether or not the content was stored. */
  delete(sha256: string): Promise<void>;
  /** Removes what uploads cut off by a crash left half-written before `olderThan`; returns how many. */
  removeAbandonedUploads(olderThan: Date): Promise<number>;
}

export const FILE_STORE = Symbol('FILE_STORE');

export class FileNotFoundError extends Error {
  override readonly name = 'FileNotFoundError';

  constructor(readonly sha256: string) {
    super(`No stored file has sha256 ${sha256}`);
  }
}

export class FileTooLargeError extends Error {
  override readonly name = 'FileTooLargeError';

  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${maxBytes} bytes`);
  }
}

export class InvalidFileHashError extends Error {
  override readonly name = 'InvalidFileHashError';

  constructor(readonly value: string) {
    super(`Not a sha256 hash (64 lowercase hexadecimal characters): ${JSON.stringify(value.slice(0, 100))}`);
  }
}
