import type { FastifyBaseLogger } from 'fastify';
import { WorkLoop } from './work-loop';

/** In how many ms `at` falls due, seen from `now` (epoch ms; negative: overdue). Null: nothing due. */
export function dueIn(at: Date | null, now = Date.now()): number | null {
  return at ? at.getTime() - now : null;
}

/**
 * The longest wait between passes by default: new rows and lapsed leases are looked for this
 * often (rows already scheduled wake the loop when they fall due, and a user's request calls
 * wake()). Each look costs statements at idle: a minute, not every few seconds (issue 32).
 */
const MAX_POLL_MS = 60_000;

interface CommonOptions<Row> {
  log: FastifyBaseLogger;
  /** The error logged when a whole pass fails (the claim, or `prepare`). */
  failure: string;
  /** How often each row falls due. */
  intervalMs: number;
  /** The longest wait between passes; default the interval, a minute at most. */
  pollMs?: number;
  /** When the next row falls due (null: none): the loop sleeps until then rather than polling. */
  nextDueAt: () => Promise<Date | null>;
  /** What the pass does before claiming (new rows to schedule, pruning). */
  prepare?: (now: Date) => Promise<void>;
  /** Claims the rows due at `now`, leased so that no other process handles them too. */
  claim: (now: Date) => Promise<Row[]>;
  /**
   * After a pass, wait at least this long for the next (default a tenth of the interval, from
   * 250 ms to 5 s): rows spread evenly over the interval are then claimed in batches, the work
   * per row being the row's own (measured: 200 applications' samples, uptime checks and scaling
   * decisions, bench/metrics-pipeline.mjs). A row is handled that much late at most.
   */
  gatherMs?: number;
}

/** Each row on its own: its reads and its writes. */
interface RowByRow<Row> {
  handle: (row: Row, now: Date) => Promise<unknown>;
  /** The rows handled all at once (slow reads of the runtime) or one after another. */
  together: boolean;
  /** The warning when one row fails (the others go on): its message and the fields naming the row. */
  rowFailure: { message: string; fields: (row: Row) => Record<string, unknown> };
  handleAll?: undefined;
}

/**
 * The pass's rows together: one statement reads or records them all (what a settled platform
 * does every few seconds costs statements, not rows). A row's own failure is the handler's to
 * log; a throw fails the pass.
 */
interface AllAtOnce<Row> {
  handleAll: (rows: Row[], now: Date) => Promise<unknown>;
  handle?: undefined;
}

export type RowByRowOptions<Row> = CommonOptions<Row> & RowByRow<Row>;
export type DueRowsWorkerOptions<Row> =
  RowByRowOptions<Row> | (CommonOptions<Row> & AllAtOnce<Row>);

/**
 * The skeleton of the leased workers (uptime checks, metrics samples, alert rules, autoscaling):
 * a WorkLoop that passes again at once while rows were due, otherwise sleeps until the next one
 * falls due; each pass claims the due rows and handles each, a failing row logged apart.
 */
export class DueRowsWorker<Row> {
  private readonly loop: WorkLoop;

  constructor(private readonly opts: DueRowsWorkerOptions<Row>) {
    this.loop = new WorkLoop(() => this.pass(), {
      pollMs: opts.pollMs ?? Math.min(opts.intervalMs, MAX_POLL_MS),
      log: opts.log,
      failure: opts.failure,
      nextDueMs: async () => dueIn(await opts.nextDueAt()),
      minIdleMs: opts.gatherMs ?? Math.min(5_000, Math.max(250, Math.round(opts.intervalMs / 10))),
    });
  }

  start() {
    this.loop.start();
  }

  stop(deadline?: number) {
    return this.loop.stop(deadline);
  }

  /** A row fell due now (a user's request): the next pass runs at once. */
  wake() {
    this.loop.wake();
  }

  /** One pass; answers how many rows it claimed (handled or not). */
  async pass(now = new Date()): Promise<number> {
    const { prepare, claim, log } = this.opts;
    await prepare?.(now);
    const rows = await claim(now);
    if (!rows.length) return 0;
    if (this.opts.handleAll) {
      await this.opts.handleAll(rows, now);
      return rows.length;
    }
    const { handle, rowFailure, together } = this.opts;
    const handleOne = (row: Row) =>
      handle(row, now).catch((err: unknown) =>
        log.warn({ err, ...rowFailure.fields(row) }, rowFailure.message),
      );
    if (together) await Promise.all(rows.map(handleOne));
    else for (const row of rows) await handleOne(row);
    return rows.length;
  }
}

/** `work` on every item, at most `limit` at once; the results in the items' order. */
export async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}
