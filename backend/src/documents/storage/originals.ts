import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/sql';
import { FILE_STORE, type FileStore, type StagedFile } from './file-store.js';

/**
 * Keeps each stored original exactly as long as a document references it. Several
 * documents may share one original (the same content uploaded twice), so an original
 * goes only when its last document goes — and never while an upload of the same
 * content is between storing it and recording its document. Work on one hash is
 * serialised in this process.
 */
@Injectable()
export class Originals {
  private readonly uploadsInFlight = new Map<string, number>();
  /** Hashes whose release was asked for while an upload of them was in flight, which then checks. */
  private readonly releasesDeferred = new Set<string>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(MikroORM) private readonly orm: MikroORM,
  ) {}

  /**
   * Stores a staged upload and holds it until `record` (which appends the document's
   * first event) settles, so no concurrent deletion can take the content away meanwhile.
   */
  async keep<T>(staged: StagedFile, record: () => Promise<T>): Promise<T> {
    const { sha256 } = staged;
    await this.serialised(sha256, async () => {
      await staged.commit();
      this.uploadsInFlight.set(sha256, (this.uploadsInFlight.get(sha256) ?? 0) + 1);
    });
    let recorded = false;
    try {
      const result = await record();
      recorded = true;
      return result;
    } finally {
      const remaining = (this.uploadsInFlight.get(sha256) ?? 1) - 1;
      if (remaining === 0) this.uploadsInFlight.delete(sha256);
      else this.uploadsInFlight.set(sha256, remaining);
      // A document that failed to be recorded leaves its content unreferenced, and a deletion
      // meanwhile left its check to the upload. Otherwise the new document references it.
      if (!recorded || this.releasesDeferred.has(sha256)) await this.releaseIfUnreferenced(sha256);
    }
  }

  /** Deletes the original when no document and no upload in flight references it. */
  async releaseIfUnreferenced(sha256: string): Promise<void> {
    await this.serialised(sha256, async () => {
      if (this.uploadsInFlight.has(sha256)) {
        this.releasesDeferred.add(sha256);
        return;
      }
      this.releasesDeferred.delete(sha256);
      const [row] = await this.orm.em
        .fork()
        .execute<{ references: string | number }[]>('select count(*) as references from documents where sha256 = ?', [
          sha256,
        ]);
      if (Number(row?.references ?? 0) === 0) await this.store.delete(sha256);
    });
  }

  private serialised<T>(sha256: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(sha256) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(sha256, next);
    void next
      .finally(() => {
        if (this.queues.get(sha256) === next) this.queues.delete(sha256);
      })
      .catch(() => undefined);
    return next;
  }
}
