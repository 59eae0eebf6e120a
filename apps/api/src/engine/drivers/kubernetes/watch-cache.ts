import { LABELS, MANAGED_BY } from '../../spec';
import { isNotFound, type KubeClient } from './kube-client';
import { collectionPath } from './paths';

/**
 * What the driver reads about applications, kept current by watches instead of polling: per
 * namespace and kind, one LIST then one WATCH resumed from the last resourceVersion seen (a
 * reconnect costs no LIST), a new LIST only when the server says that version is gone (410).
 * status() answers from memory: at 1,000 applications the API server sees a few watches per
 * namespace, not five LISTs per application and pass.
 */

export type Obj = {
  metadata?: {
    name?: string;
    namespace?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
  };
} & Record<string, unknown>;

/** The kinds status() needs; the platform's own objects only (label selector). */
export const WATCHED_KINDS = [
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'StatefulSet'],
  ['batch/v1', 'Job'],
  ['v1', 'Pod'],
  ['networking.k8s.io/v1', 'Ingress'],
] as const;
export type WatchedKind = (typeof WATCHED_KINDS)[number][1];

const SELECTOR = `${LABELS.managedBy}=${MANAGED_BY}`;
/** The server ends each watch after this (plus jitter) so a silently dead connection is noticed. */
const WATCH_SECONDS = 300;

export type CacheEvent = { type: 'ADDED' | 'MODIFIED' | 'DELETED'; kind: WatchedKind; object: Obj };

class KindWatch {
  readonly objects = new Map<string, Obj>();
  private resourceVersion = '';
  readonly synced: Promise<void>;
  private markSynced!: () => void;
  private failSynced!: (error: unknown) => void;
  private isSynced = false;

  constructor(
    private readonly client: KubeClient,
    private readonly path: string,
    readonly kind: WatchedKind,
    private readonly signal: AbortSignal,
    private readonly notify: (event: CacheEvent) => void,
    private readonly retryMs: number,
  ) {
    this.synced = new Promise((resolve, reject) => {
      this.markSynced = resolve;
      this.failSynced = reject;
    });
    // A failed first LIST is reported to the first status() that waits, then retried.
    this.synced.catch(() => undefined);
    void this.run();
  }

  private async list(): Promise<void> {
    const answer = await this.client.json<{
      metadata?: { resourceVersion?: string };
      items?: Obj[] | null;
    }>('GET', this.path, { query: { labelSelector: SELECTOR } });
    const fresh = new Map((answer.items ?? []).map((o) => [o.metadata?.name ?? '', o]));
    for (const [name, old] of this.objects)
      if (!fresh.has(name)) this.notify({ type: 'DELETED', kind: this.kind, object: old });
    this.objects.clear();
    for (const [name, o] of fresh) this.objects.set(name, o);
    this.resourceVersion = answer.metadata?.resourceVersion ?? '';
  }

  private async run(): Promise<void> {
    let needList = true;
    while (!this.signal.aborted) {
      try {
        if (needList) {
          await this.list();
          needList = false;
          if (!this.isSynced) {
            this.isSynced = true;
            this.markSynced();
          }
        }
        let expired = false;
        const started = Date.now();
        await this.client.watch(
          this.path,
          {
            labelSelector: SELECTOR,
            resourceVersion: this.resourceVersion,
            allowWatchBookmarks: true,
            timeoutSeconds: WATCH_SECONDS + Math.floor(Math.random() * 60),
          },
          {
            onEvent: (type, object) => {
              if (type === 'ERROR') {
                // 410 Gone: the version is compacted away; only a new LIST can resume.
                if ((object as { code?: number }).code === 410) expired = true;
                return;
              }
              const o = object as Obj;
              if (o.metadata?.resourceVersion) this.resourceVersion = o.metadata.resourceVersion;
              if (type === 'BOOKMARK') return;
              const name = o.metadata?.name ?? '';
              if (type === 'DELETED') this.objects.delete(name);
              else this.objects.set(name, o);
              this.notify({ type: type as CacheEvent['type'], kind: this.kind, object: o });
            },
          },
          this.signal,
        );
        if (expired) needList = true;
        // A server that ends watches at once must not be hammered with new ones.
        if (Date.now() - started < 1000)
          await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      } catch (error) {
        if (this.signal.aborted) return;
        if (!this.isSynced) this.failSynced(error);
        // The namespace is gone (or not yet created): stop quietly; a later use restarts it.
        if (isNotFound(error)) needList = true;
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      }
    }
  }

  /** An object the driver just applied: newer than what the watch said so far. */
  upsert(o: Obj): void {
    const name = o.metadata?.name ?? '';
    const current = this.objects.get(name);
    const rv = Number(o.metadata?.resourceVersion ?? 0);
    if (!current || rv > Number(current.metadata?.resourceVersion ?? 0)) this.objects.set(name, o);
  }
}

export class WatchCache {
  private readonly namespaces = new Map<
    string,
    { controller: AbortController; kinds: Map<WatchedKind, KindWatch> }
  >();
  private readonly listeners = new Set<(namespace: string, event: CacheEvent) => void>();

  constructor(
    private readonly client: KubeClient,
    private readonly retryMs = 2000,
  ) {}

  onEvent(listener: (namespace: string, event: CacheEvent) => void): void {
    this.listeners.add(listener);
  }

  private watchesOf(namespace: string) {
    let entry = this.namespaces.get(namespace);
    if (!entry) {
      const controller = new AbortController();
      const kinds = new Map<WatchedKind, KindWatch>();
      for (const [apiVersion, kind] of WATCHED_KINDS) {
        kinds.set(
          kind,
          new KindWatch(
            this.client,
            collectionPath(apiVersion, kind, namespace),
            kind,
            controller.signal,
            (event) => {
              for (const l of this.listeners) l(namespace, event);
            },
            this.retryMs,
          ),
        );
      }
      entry = { controller, kinds };
      this.namespaces.set(namespace, entry);
    }
    return entry;
  }

  /** The namespace's objects of `kind` whose labels match, once its first LIST answered. */
  async objects<T>(
    namespace: string,
    kind: WatchedKind,
    labels: Record<string, string>,
  ): Promise<T[]> {
    const watch = this.watchesOf(namespace).kinds.get(kind)!;
    try {
      await watch.synced;
    } catch (error) {
      // Let the next call wait for a new attempt rather than for this failure again.
      this.stop(namespace);
      throw error;
    }
    return [...watch.objects.values()].filter((o) =>
      Object.entries(labels).every(([k, v]) => o.metadata?.labels?.[k] === v),
    ) as T[];
  }

  upsert(namespace: string, kind: WatchedKind, object: Obj): void {
    this.namespaces.get(namespace)?.kinds.get(kind)?.upsert(object);
  }

  /** Ends a namespace's watches (it was removed). */
  stop(namespace: string): void {
    this.namespaces.get(namespace)?.controller.abort();
    this.namespaces.delete(namespace);
  }

  close(): void {
    for (const namespace of [...this.namespaces.keys()]) this.stop(namespace);
  }

  /** Whether the namespace is watched already (asking about it does not start a watch). */
  watches(namespace: string): boolean {
    return this.namespaces.has(namespace);
  }

  get watchedNamespaces(): number {
    return this.namespaces.size;
  }
}

export const isWatchedKind = (kind: string): kind is WatchedKind =>
  WATCHED_KINDS.some(([, k]) => k === kind);
