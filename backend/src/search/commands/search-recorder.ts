import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../../auth/principal.js';
import { RecordSearchesCommand, type SearchMade } from './record-searches.command.js';

interface WaitingSearch {
  search: SearchMade;
  principal: Principal;
}

/**
 * Searches are recorded this long after the first of a batch at the latest... Each batch
 * is a commit, its inline projections and a run of the asynchronous ones: at concurrency 8
 * on the search benchmark, batches every 100 ms were about 2,100 statements a thousand
 * searches (1.7 ms of database time a search), every second about 630 (0.6 ms).
 */
const RECORD_INTERVAL_MS = 1_000;
/** ...or as soon as this many wait. */
const RECORD_BATCH_SIZE = 200;

/**
 * Records searches after they are answered, in batches, as ModelInvocationRecorder records
 * model calls: a transaction of its own per search cost about a third of a search's database
 * time, and the embedded database runs one statement at a time for every request. Readers of
 * what searches fold into (the search figures, the history, clearing it) first wait for
 * `recorded()`, so a caller reading right after a search sees it. What is waiting is
 * recorded on shutdown; a crash loses at most the last RECORD_INTERVAL_MS of search records,
 * never a document.
 */
@Injectable()
export class SearchRecorder implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SearchRecorder.name);
  private waiting: WaitingSearch[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly commands: CommandBus) {}

  record(search: SearchMade, principal: Principal): void {
    this.waiting.push({ search, principal });
    if (this.waiting.length >= RECORD_BATCH_SIZE) void this.recorded();
    else this.timer ??= setTimeout(() => void this.recorded(), RECORD_INTERVAL_MS);
  }

  /** Resolves once every search recorded before the call is written, or has failed to be. */
  recorded(): Promise<void> {
    this.writing = this.writing.then(() => this.writeWaiting());
    return this.writing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.recorded();
  }

  private async writeWaiting(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const bySearcher = new Map<string, WaitingSearch[]>();
    for (const waiting of batch) {
      const searcher = bySearcher.get(waiting.principal.userId) ?? [];
      searcher.push(waiting);
      bySearcher.set(waiting.principal.userId, searcher);
    }
    for (const searches of bySearcher.values()) await this.write(searches);
  }

  /**
   * One searcher's searches in one transaction. If the database refuses it, each alone, so
   * one search it cannot store does not take the others with it; one refused again is a
   * record lost, said in the log.
   */
  private async write(searches: WaitingSearch[]): Promise<void> {
    const { principal } = searches[0]!;
    try {
      await this.commands.execute(new RecordSearchesCommand(searchesOf(searches), principal));
    } catch (error) {
      if (searches.length === 1) return this.lost(principal, error);
      for (const search of searches) {
        await this.commands
          .execute(new RecordSearchesCommand(searchesOf([search]), principal))
          .catch((alone: unknown) => this.lost(principal, alone));
      }
    }
  }

  private lost(principal: Principal, error: unknown): void {
    this.logger.error(
      `Could not record a search by ${principal.userId}: ${error instanceof Error ? error.message : error}`,
    );
  }
}

const searchesOf = (waiting: readonly WaitingSearch[]): SearchMade[] => waiting.map(({ search }) => search);
