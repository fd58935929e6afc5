import { Injectable } from '@nestjs/common';
import type { DocumentProgress } from '@docent/common/documents';
import { Subject } from 'rxjs';

/**
 * Where each document's processing stands right now. Progress is transient: it is
 * pushed to sockets and shown in lists but never recorded in the event log; after a
 * restart a document simply starts again from its recorded status.
 */
@Injectable()
export class ProcessingProgress {
  private readonly current = new Map<string, DocumentProgress>();
  /** Emits the id of each document whose progress changed. */
  readonly changed$ = new Subject<string>();

  report(documentId: string, stage: string, percent: number): void {
    const rounded = Math.max(0, Math.min(100, Math.round(percent)));
    const previous = this.current.get(documentId);
    if (previous?.stage === stage && previous.percent === rounded) return;
    this.current.set(documentId, { stage, percent: rounded });
    this.changed$.next(documentId);
  }

  of(documentId: string): DocumentProgress | null {
    return this.current.get(documentId) ?? null;
  }

  clear(documentId: string): void {
    this.current.delete(documentId);
  }
}
