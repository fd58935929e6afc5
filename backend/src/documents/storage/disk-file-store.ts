import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, openSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  FileNotFoundError,
  FileTooLargeError,
  InvalidFileHashError,
  type FileStore,
  type StagedFile,
  type StoredFile,
} from './file-store.js';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** Files being written, before they get their content's name. */
const INCOMING_PREFIX = '.incoming-';

export interface DiskFileStoreOptions {
  /** A put of more bytes fails with FileTooLargeError. */
  maxBytes?: number;
}

/** Stores each file at `<root>/<aa>/<bb>/<sha256>`, so no folder grows too large to list. */
export class DiskFileStore implements FileStore {
  private readonly maxBytes: number;

  constructor(
    private readonly root: string,
    options: DiskFileStoreOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  async put(content: Readable | Uint8Array): Promise<StoredFile> {
    const staged = await this.stage(content);
    try {
      await staged.commit();
      return { sha256: staged.sha256, size: staged.size };
    } finally {
      await staged.discard();
    }
  }

  async stage(content: Readable | Uint8Array): Promise<StagedFile> {
    const source = content instanceof Readable ? content : Readable.from([content]);
    await mkdir(this.root, { recursive: true });
    // The hash, and so the final name, is known only at the end: write beside the
    // store's folders (same file system) and rename, so a reader never sees a partial file.
    const tempPath = join(this.root, `${INCOMING_PREFIX}${randomUUID()}`);
    let stored: StoredFile;
    try {
      stored = await this.writeHashing(source, tempPath);
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    let settled = false;
    let moved = false;
    return {
      ...stored,
      read: () => readFile(tempPath),
      commit: async () => {
        if (settled) throw new Error('A staged file can be committed or discarded once');
        settled = true;
        if (await this.has(stored.sha256)) return;
        const path = this.pathOf(stored.sha256);
        await mkdir(dirname(path), { recursive: true });
        // Should a concurrent put of the same content win the race, this replaces its
        // copy with identical bytes: safe without locking.
        await rename(tempPath, path);
        moved = true;
        await syncDirectory(dirname(path));
      },
      discard: async () => {
        settled = true;
        // Callers discard after every commit; once the copy has its final name, nothing is left to remove.
        if (!moved) await rm(tempPath, { force: true });
      },
    };
  }

  get(sha256: string): Readable {
    const path = this.pathOf(sha256);
    // Opening now, not when the stream first reads, lets a caller answer 404 before
    // sending anything, and keeps the content readable if it is deleted meanwhile.
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      throw isNotFound(error) ? new FileNotFoundError(sha256) : error;
    }
    return createReadStream(path, { fd });
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async size(sha256: string): Promise<number> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch (error) {
      throw isNotFound(error) ? new FileNotFoundError(sha256) : error;
    }
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async removeAbandonedUploads(olderThan: Date): Promise<number> {
    const names = await readdir(this.root).catch((error: unknown) => {
      if (isNotFound(error)) return [];
      throw error;
    });
    let removed = 0;
    for (const name of names.filter((entry) => entry.startsWith(INCOMING_PREFIX))) {
      const path = join(this.root, name);
      const modified = await stat(path).then(
        (info) => info.mtime,
        () => null,
      );
      if (modified && modified < olderThan) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Refuses anything but a sha256, so no caller-supplied value can reach outside the root. */
  private pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new InvalidFileHashError(sha256);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  private async writeHashing(source: Readable, tempPath: string): Promise<StoredFile> {
    const hash = createHash('sha256');
    let size = 0;
    const file = await open(tempPath, 'wx');
    try {
      for await (const chunk of source as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        // Leaving the loop destroys the source, which stops an oversized upload early.
        if (size > this.maxBytes) throw new FileTooLargeError(this.maxBytes);
        hash.update(chunk);
        await file.write(chunk);
      }
      // Durable before it gets its final name: an accepted upload survives a crash.
      await file.sync();
    } finally {
      await file.close();
    }
    return { sha256: hash.digest('hex'), size };
  }
}

/** Makes a rename durable; skipped where folders cannot be opened (Windows). */
async function syncDirectory(path: string): Promise<void> {
  const folder = await open(path, 'r').catch((error: unknown) => {
    if (isErrorCode(error, 'EISDIR') || isErrorCode(error, 'EPERM')) return undefined;
    throw error;
  });
  if (!folder) return;
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

function isNotFound(error: unknown): boolean {
  return isErrorCode(error, 'ENOENT');
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
