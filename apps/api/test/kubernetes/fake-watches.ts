import type http from 'node:http';
import {
  inCollection,
  labelsOf,
  selectorMatches,
  statusBody,
  type Json,
  type ParsedPath,
} from './fake-paths';

/**
 * The fake Kubernetes API's WATCH streams: JSON lines, resumed from a resourceVersion (the
 * event history is kept), 410 Expired for a version older than the last compaction.
 */

export interface WatchEvent {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  path: string;
  object: Json;
}

interface OpenWatch {
  collection: string;
  selector: string | null;
  send(event: WatchEvent): void;
  end(): void;
}

export class WatchHub {
  private readonly watches = new Set<OpenWatch>();
  private events: WatchEvent[] = [];
  /** resourceVersions older than this have been compacted: a watch from them gets 410. */
  private oldestRv = 0;
  /** Most watches ever open at once, per collection. */
  readonly peakWatches = new Map<string, number>();

  /** Watches open now, per collection path. */
  openWatches(): Map<string, number> {
    const out = new Map<string, number>();
    for (const w of this.watches) out.set(w.collection, (out.get(w.collection) ?? 0) + 1);
    return out;
  }

  /** Forgets the event history: every watch resumed from a version before `next` gets 410. */
  compact(next: number): void {
    this.oldestRv = next;
    this.events = [];
  }

  /** Ends every open watch. */
  drop(): void {
    for (const w of [...this.watches]) w.end();
  }

  emit(event: WatchEvent): void {
    this.events.push(event);
    for (const w of this.watches) {
      if (inCollection(event.path, w.collection))
        if (selectorMatches(labelsOf(event.object), w.selector)) w.send(event);
    }
  }

  serve(p: ParsedPath, query: URLSearchParams, res: http.ServerResponse) {
    const selector = query.get('labelSelector');
    const from = Number(query.get('resourceVersion') ?? '0');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    const write = (type: string, object: unknown) =>
      res.write(`${JSON.stringify({ type, object })}\n`);
    if (from > 0 && from < this.oldestRv - 1) {
      write('ERROR', statusBody(410, 'Expired', `too old resource version: ${from}`));
      res.end();
      return;
    }
    const watch: OpenWatch = {
      collection: p.collection,
      selector,
      send: (event) => write(event.type, event.object),
      end: () => {
        this.watches.delete(watch);
        res.end();
      },
    };
    // Events are in resourceVersion order: start after `from` (binary search).
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid]!.rv <= from) lo = mid + 1;
      else hi = mid;
    }
    for (const event of this.events.slice(lo)) {
      if (
        inCollection(event.path, p.collection) &&
        selectorMatches(labelsOf(event.object), selector)
      )
        watch.send(event);
    }
    this.watches.add(watch);
    const open = this.openWatches().get(p.collection) ?? 0;
    this.peakWatches.set(p.collection, Math.max(this.peakWatches.get(p.collection) ?? 0, open));
    res.on('close', () => this.watches.delete(watch));
    const timeout = Number(query.get('timeoutSeconds') ?? '0');
    if (timeout > 0) setTimeout(() => watch.end(), timeout * 1000).unref();
  }
}
