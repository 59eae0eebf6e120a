/**
 * Requests the fake API server received, counted per RBAC verb and path (`watch
 * /apis/apps/v1/namespaces/env-a/deployments`): what a steady-state test or a benchmark reads
 * to tell watch renewals from every other request. `mark()` then `since(mark)` counts what
 * arrived in between.
 */
export interface CountedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The RBAC verb of the request (an apply that creates counts as its first verb, patch). */
  rbac: { verb: string }[];
}

export type RequestCounts = Record<string, number>;

export class RequestCounter {
  private readonly counts = new Map<string, number>();
  private total = 0;
  /** User-Agent headers seen, with how many requests carried each. */
  readonly userAgents = new Map<string, number>();

  count(request: CountedRequest, userAgent: string | undefined): void {
    const key = `${request.rbac[0]?.verb ?? request.method} ${request.path}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.total += 1;
    const agent = userAgent ?? '(none)';
    this.userAgents.set(agent, (this.userAgents.get(agent) ?? 0) + 1);
  }

  /** Every count so far, to compare with later. */
  mark(): { total: number; counts: RequestCounts } {
    return { total: this.total, counts: Object.fromEntries(this.counts) };
  }

  /** What arrived since `mark`, per `verb path`. */
  since(mark: { counts: RequestCounts }): RequestCounts {
    const out: RequestCounts = {};
    for (const [key, n] of this.counts) {
      const added = n - (mark.counts[key] ?? 0);
      if (added > 0) out[key] = added;
    }
    return out;
  }

  /** The same, per verb only. */
  verbsSince(mark: { counts: RequestCounts }): RequestCounts {
    const out: RequestCounts = {};
    for (const [key, n] of Object.entries(this.since(mark))) {
      const verb = key.slice(0, key.indexOf(' '));
      out[verb] = (out[verb] ?? 0) + n;
    }
    return out;
  }

  /** Requests since `mark` other than watches (re)opened: what steady state must not cost. */
  beyondWatches(mark: { counts: RequestCounts }): RequestCounts {
    return Object.fromEntries(
      Object.entries(this.since(mark)).filter(([key]) => !key.startsWith('watch ')),
    );
  }
}
