import type { ApplicationRef } from '../../../spec';
import { LABELS } from '../../../spec';
import { parseTemplate } from '../container-spec';
import type { ContainerInspect, EngineApi } from '../engine-api';
import { containerName, labelsOf } from '../objects';
import { healthOf, sortReplicas, type Health } from '../replica-health';
import type { EdgeProxy } from './edge-proxy';
import type { EdgeChallengeSource, EdgeRouteInfo, EdgeRouteSource } from './routes';

/** How long a stop waits at most for the requests in flight to a replica leaving the routes. */
const DRAIN_MAX_MS = 10_000;
const DRAIN_POLL_MS = 100;
/**
 * Keeps the edge proxy's routing table current: the platform's routes (hostnames,
 * certificates) joined with each application's ready replicas. Replicas change through
 * publish() (apply, scale, restart, status); the table is loaded whole, one load at a time,
 * with the pending HTTP-01 answers of the platform's own ACME orders (sync() when they change).
 */
export class EdgeRouter {
  private readonly upstreams = new Map<string, string[]>();
  /** The environment network of each application's replicas (a recreated proxy joins them). */
  private readonly networks = new Map<string, string>();
  /** Addresses of replicas out of the routes whose requests in flight are awaited (drain). */
  private readonly draining = new Set<string>();
  private routeInfo = new Map<string, EdgeRouteInfo>();
  private chain: Promise<void> = Promise.resolve();
  private routesReadAt = 0;

  constructor(
    private readonly api: EngineApi,
    readonly proxy: EdgeProxy,
    private readonly source: EdgeRouteSource,
    private readonly challenges: EdgeChallengeSource = async () => [],
  ) {}

  /** application_url of a deployment, as the platform computes it. */
  async urlOf(deploymentId: string): Promise<string | null> {
    if (!this.routeInfo.has(deploymentId)) await this.readRoutes();
    return this.routeInfo.get(deploymentId)?.url ?? null;
  }

  /** Which application each routed host belongs to (lower case), as the platform knows now. */
  async hostTable(): Promise<Map<string, string>> {
    const table = new Map<string, string>();
    for (const r of await this.readRoutes())
      for (const host of [...r.httpHosts, ...r.tlsHosts])
        table.set(host.toLowerCase(), r.deploymentId);
    return table;
  }

  /** Whether this platform routes the application (its container events concern it). */
  isRouting(deploymentId: string): boolean {
    return this.routeInfo.has(deploymentId) || this.upstreams.has(deploymentId);
  }

  /** Ready replicas (or, when none is ready yet, the running ones) except `retiring`. */
  async publish(ref: ApplicationRef, replicas: Health[], retiring = new Set<string>()) {
    const live = replicas.filter(
      (h) => h.container.State.Running && !retiring.has(containerName(h.container)),
    );
    const ready = live.filter((h) => h.ready);
    // Named in the drain server by the same load that takes them out of the routes: Caddy
    // keeps counting their requests in flight (caddy-config.ts drainServer).
    for (const h of replicas) {
      const dial = retiring.has(containerName(h.container)) ? dialOf(h.container) : null;
      if (dial && h.container.State.Running) this.draining.add(dial);
    }
    const upstreams = (ready.length ? ready : live)
      .map((h) => dialOf(h.container))
      .filter((d): d is string => d !== null)
      .sort();
    const before = this.upstreams.get(ref.deploymentId);
    this.upstreams.set(ref.deploymentId, upstreams);
    this.rememberNetwork(
      ref.deploymentId,
      replicas.map((h) => h.container),
    );
    // Routes (domains, certificates) are read again at most every 15 s unless replicas changed.
    const stale = Date.now() - this.routesReadAt > 15_000;
    if (JSON.stringify(before) !== JSON.stringify(upstreams) || stale) await this.sync();
  }

  /**
   * Replicas just taken out of the routes (publish with `retiring`) may still be answering
   * requests the proxy sent them before: waits until the proxy counts none in flight to their
   * addresses (at most `maxMs`; a proxy that cannot say is not waited for), then drops them
   * from the drain server, so that stopping them cuts no request. Busybox httpd, Apache and
   * nginx on SIGTERM, and many other servers, drop what they are answering when stopped.
   */
  async drain(retiring: ContainerInspect[], maxMs = DRAIN_MAX_MS): Promise<void> {
    const dials = retiring.map(dialOf).filter((d): d is string => d !== null);
    if (!dials.length) return;
    const deadline = Date.now() + maxMs;
    try {
      while ((await this.proxy.inFlight(dials)) > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
      }
    } finally {
      const named = dials.filter((d) => this.draining.delete(d));
      if (named.length) await this.sync();
    }
  }

  async forget(deploymentId: string): Promise<void> {
    this.networks.delete(deploymentId);
    if (!this.upstreams.delete(deploymentId)) return;
    await this.sync();
  }

  /** Reads the routes again and loads the whole table (coalesced: one load at a time). */
  sync(): Promise<void> {
    const run = this.chain.then(() => this.load());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async readRoutes(): Promise<EdgeRouteInfo[]> {
    const list = await this.source();
    this.routeInfo = new Map(list.map((r) => [r.deploymentId, r]));
    this.routesReadAt = Date.now();
    return list;
  }

  private async load(): Promise<void> {
    const routes = await this.readRoutes();
    const table = [];
    for (const r of routes) {
      let upstreams = this.upstreams.get(r.deploymentId);
      if (!upstreams) {
        // Not seen since this process started: its running replicas, as the engine has them.
        upstreams = await this.engineUpstreams(r.deploymentId);
        this.upstreams.set(r.deploymentId, upstreams);
      }
      table.push({ ...r, upstreams });
    }
    const networks = new Set(routes.flatMap((r) => this.networks.get(r.deploymentId) ?? []));
    await this.proxy.load(table, await this.challenges(), networks, [...this.draining]);
  }

  private rememberNetwork(deploymentId: string, replicas: ContainerInspect[]) {
    const network = replicas.map((c) => parseTemplate(labelsOf(c))?.network).find(Boolean);
    if (network) this.networks.set(deploymentId, network);
  }

  private async engineUpstreams(deploymentId: string): Promise<string[]> {
    const list = await this.api.listContainers({
      label: [`${LABELS.deploymentId}=${deploymentId}`, `${LABELS.component}=application`],
    });
    const inspected: ContainerInspect[] = [];
    for (const c of list) {
      const i = await this.api.inspectContainer(c.Id);
      if (i) inspected.push(i);
    }
    this.rememberNetwork(deploymentId, inspected);
    const health = await Promise.all(sortReplicas(inspected).map(healthOf));
    const live = health.filter((h) => h.container.State.Running);
    const ready = live.filter((h) => h.ready);
    return (ready.length ? ready : live)
      .map((h) => dialOf(h.container))
      .filter((d): d is string => d !== null)
      .sort();
  }
}

/**
 * `<address on the environment's network>:<port>`. An address, not the container's name: a
 * replacement reuses its slot's name, and the proxy would keep sending requests down idle
 * connections it pooled for the removed container under that name.
 */
function dialOf(c: ContainerInspect): string | null {
  const template = parseTemplate(labelsOf(c));
  const ip = template ? c.NetworkSettings.Networks?.[template.network]?.IPAddress : undefined;
  return template?.port && ip ? `${ip}:${template.port}` : null;
}
