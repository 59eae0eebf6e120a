import { buildLogTexts } from '@nuage/shared/messages/builds';

/** Longest line kept: a minified bundle printed by a build must not fill the database. */
export const MAX_LINE_LENGTH = 4000;
/** Lines kept per log (a build's, a task run's); past it one notice says the rest was cut. */
export const MAX_LINES_PER_LOG = 20_000;

export interface LogLine {
  seq: number;
  line: string;
  at: Date;
}

/**
 * Writes a log's lines, numbered 1, 2, 3… in order, through `store` in small batches (every
 * 200 ms or 100 lines) so that a chatty process costs few round trips and readers see the lines
 * within a fraction of a second. Batches are stored one at a time, in order.
 */
export class BatchedLogWriter {
  private pending: LogLine[] = [];
  private seq: number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private truncated = false;
  /** The first write that failed: reported by the final flush, never as an unhandled rejection. */
  private failure: unknown = null;

  constructor(
    private readonly store: (batch: LogLine[]) => Promise<void>,
    startSeq = 0,
  ) {
    this.seq = startSeq;
  }

  write(line: string) {
    if (this.seq >= MAX_LINES_PER_LOG) {
      if (!this.truncated) {
        this.truncated = true;
        this.push(buildLogTexts.truncated(MAX_LINES_PER_LOG));
      }
      return;
    }
    this.push(line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}…` : line);
  }

  private push(line: string) {
    // NUL bytes cannot be stored in a text column.
    this.pending.push({ seq: ++this.seq, line: line.replace(/\0/g, ''), at: new Date() });
    if (this.pending.length >= 100) this.flush().catch(() => undefined);
    else this.timer ??= setTimeout(() => this.flush().catch(() => undefined), 200);
  }

  /** Writes what is pending; resolves once every line written so far is stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing
      .then(async () => {
        if (batch.length === 0 || this.failure) return;
        await this.store(batch);
      })
      .catch((err: unknown) => {
        this.failure ??= err;
      });
    return this.flushing.then(() => {
      if (this.failure) throw this.failure;
    });
  }
}
