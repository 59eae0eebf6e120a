import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LABELS, MANAGED_BY } from '../../../spec';
import { publishedDatabases, type PublicEndpointRule } from './public-endpoint-rules';
import { LOG_CONFIG } from '../container-create-body';
import { EngineError } from '../engine-client';
import type { EngineApi } from '../engine-api';
import { DOCKER_LABELS } from '../labels';
import { listNetworks, type NetworkFacts } from '../network-reads';
import { DEFAULT_EGRESS, type EgressPolicy, type TrustedEndpoint } from './egress-rules';
import { APPLIED_FILE, GUARD_DIR_IN_CONTAINER, GUARD_SCRIPT, RULES_FILE } from './guard-script';
import { DEFAULT_CHAIN_PREFIX, renderGuardRules } from './isolation-rules';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/**
 * The network guard: one small container per host, in the host's network namespace with
 * NET_ADMIN only, that keeps the platform's own iptables isolation between environment
 * networks (isolation-rules.ts) in place, and keeps environments off the host and the
 * operator's private networks (egress-rules.ts). Docker isolates user-defined bridges itself; Podman
 * 4.3 / netavark 1.4 (Debian 12) does too, but removes its FORWARD jump whenever any isolated
 * network is torn down (its last container stops) and puts it back only at the next setup:
 * meanwhile every tenant reaches every other. The guard does not depend on that.
 *
 * It never gets the engine socket: this process lists the environment networks' subnets and
 * writes the rules into a host directory bind-mounted into the guard, which loads them (and
 * puts its FORWARD and INPUT jumps back first) every second and writes back which rules it
 * loaded (guard-script.ts).
 */

export interface GuardOptions {
  image: string;
  containerName: string;
  /** Directory this process writes the rules file into (created if missing; every API process shares it). */
  stateDir: string;
  /**
   * A named volume the guard mounts instead of binding stateDir (the platform itself in a
   * container sees that volume at stateDir: deploy/docker/compose.yaml).
   */
  stateVolume?: string;
  /** Chain names `<prefix>-1`, `-2`, `-LAN`, `-HOST` (NETWORK_GUARD_CHAINS; tests use their own). */
  chainPrefix?: string;
  /** What environments may reach outside themselves (default: no host, no private network). */
  egress?: Partial<EgressPolicy>;
  /**
   * Label filters of the networks to isolate; default every network the platform manages
   * (tests narrow it to their own).
   */
  networkFilter?: string[];
  /** How long a change waits for the guard to have loaded the new rules (default 5 s). */
  applyWaitMs?: number;
}

/** What an operator reads when the guard cannot run (runtime status, log). */
export const GUARD_DOWN_MESSAGE = runtimeErrorTexts.guardDown;

const PULL_TIMEOUT_MS = 5 * 60_000;

interface ContainerSummary {
  NetworkSettings?: {
    Networks?: Record<string, { IPAddress?: string; MacAddress?: string }> | null;
  } | null;
}

export interface GuardLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export class NetworkGuard {
  /** Why the guard does not run (null while it does). */
  problem: string | null = null;
  /** Updates one after the other: each lists the networks afresh, the last one wins. */
  private queue: Promise<unknown> = Promise.resolve();
  /**
   * Databases' endpoints about to be published (docker-driver.ts applyDatabase), by deployment:
   * their rules win over those of the container they replace, and are loaded before it starts.
   */
  readonly pending = new Map<string, PublicEndpointRule>();
  /** The databases (deployment ids) whose containers published a port at the last sync. */
  publishing = new Set<string>();
  /** The update queued and not started yet: later callers share it (it will see their change). */
  private queued: Promise<string | null> | null = null;

  constructor(
    private readonly api: EngineApi,
    readonly opts: GuardOptions,
    private readonly log?: GuardLog,
  ) {}

  get chainPrefix(): string {
    return this.opts.chainPrefix ?? DEFAULT_CHAIN_PREFIX;
  }

  get rulesFile(): string {
    return path.join(this.opts.stateDir, RULES_FILE);
  }

  /**
   * Rules file first (the guard loads it as soon as it starts), then the container, then the
   * wait until the guard says it loaded them (so a new environment's containers never start
   * unisolated). Never throws: a guard that cannot run (image missing, no NET_ADMIN, rootless
   * engine) is reported (problem) and applications keep being served.
   */
  sync(): Promise<string | null> {
    if (this.queued) return this.queued;
    const run = this.queue.then(() => {
      this.queued = null;
      return this.syncNow();
    });
    this.queued = run;
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async syncNow(): Promise<string | null> {
    const before = this.problem;
    try {
      await this.writeRules();
      await this.ensure();
      await this.waitApplied();
      this.problem = null;
    } catch (err) {
      this.problem = `${GUARD_DOWN_MESSAGE} (${(err as Error).message})`;
    }
    // Said once when it goes wrong, once when it is right again (not at every change of an
    // environment meanwhile, whose message differs by the guard's last log lines).
    const where = { guard: this.opts.containerName };
    if (this.problem && !before) this.log?.error(where, this.problem);
    if (!this.problem && before) this.log?.info(where, 'network guard running again');
    return this.problem;
  }

  /** The subnets (and gateways) of the platform's environment networks, as the engine reports them. */
  async networks(): Promise<{ subnet: string; gateway?: string }[]> {
    return (await this.ownNetworks()).flatMap((n) => n.subnets);
  }

  /** The environment networks this guard covers (its chains' label, or none yet). */
  private async ownNetworks(): Promise<NetworkFacts[]> {
    const labels = this.opts.networkFilter ?? [`${LABELS.managedBy}=${MANAGED_BY}`];
    const list = await listNetworks(this.api.client, labels);
    // Networks labelled for another guard's chains are that guard's (another platform on the
    // host); those made before the label existed are every guard's.
    return list.filter((n) => {
      const owner = n.labels[DOCKER_LABELS.guardChains];
      return owner === undefined || owner === this.chainPrefix;
    });
  }

  /**
   * The edge proxy's endpoints (address and MAC on each of its networks): platform traffic
   * that goes on where tenants' drops (egress-rules.ts). Running proxies of this host only.
   */
  async trustedEndpoints(): Promise<TrustedEndpoint[]> {
    const filters = { label: [`${LABELS.managedBy}=${MANAGED_BY}`, `${LABELS.component}=edge`] };
    const list = await this.api.client.json<ContainerSummary[]>('GET', '/containers/json', {
      query: { filters: JSON.stringify(filters) },
    });
    return list.flatMap((c) =>
      Object.values(c.NetworkSettings?.Networks ?? {}).map((n) => ({
        address: n.IPAddress ?? '',
        mac: n.MacAddress ?? '',
      })),
    );
  }

  /**
   * Databases' public endpoints (issue 25 item 2): the published port and allow-list of every
   * database container of the platform, running or not (a stopped one's port stays closed by
   * the engine; its rules cost nothing), from its template label. Read from the engine at each
   * sync, so a platform restart, or a container recreated behind the platform's back, gets the
   * rules of what really runs.
   */
  async publishedEndpoints(): Promise<PublicEndpointRule[]> {
    // Those on this guard's networks only: another platform's guard on the host keeps its own.
    const networks = new Set((await this.ownNetworks()).map((n) => n.name));
    const found = await publishedDatabases(this.api, networks);
    this.publishing = found.publishing;
    // The pending ones first: the first rule set of an address and port is kept.
    return [...this.pending.values(), ...found.rules];
  }

  /**
   * Rewrites the rules file atomically (a rename: the guard never reads half a file), its
   * first line naming this set of rules (iptables-restore skips `#` lines).
   */
  async writeRules(): Promise<void> {
    const egress = { ...DEFAULT_EGRESS, ...this.opts.egress };
    const [networks, trusted, published] = await Promise.all([
      this.networks(),
      this.trustedEndpoints(),
      this.publishedEndpoints(),
    ]);
    const rules = renderGuardRules(networks, this.chainPrefix, egress, trusted, published);
    const generation = createHash('sha256').update(rules).digest('hex').slice(0, 16);
    const body = `# generation ${generation}\n${rules}`;
    mkdirSync(this.opts.stateDir, { recursive: true, mode: 0o755 });
    const tmp = `${this.rulesFile}.${process.pid}.tmp`;
    writeFileSync(tmp, body, { mode: 0o644 });
    renameSync(tmp, this.rulesFile);
  }

  /** Until the guard has loaded the current rules file (another process's, if it wrote last). */
  private async waitApplied(): Promise<void> {
    const firstLine = (file: string) => {
      try {
        return readFileSync(path.join(this.opts.stateDir, file), 'utf8').split('\n')[0];
      } catch {
        return undefined;
      }
    };
    const deadline = Date.now() + (this.opts.applyWaitMs ?? 5_000);
    while (firstLine(APPLIED_FILE) !== firstLine(RULES_FILE)) {
      if (Date.now() > deadline) {
        const logs = await this.api.logs(this.opts.containerName, 3).catch(() => '');
        throw new Error(`rules not loaded by the guard ${logs.trim()}`.trim());
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The guard container runs with the current spec (recreated when it changed). */
  async ensure(): Promise<string> {
    const body = this.createBody();
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);
    const current = await this.api.inspectContainer(this.opts.containerName);
    if (current && current.Config.Labels?.[DOCKER_LABELS.specHash] === hash) {
      if (!current.State.Running && !current.State.Restarting)
        await this.api.startContainer(current.Id);
      return current.Id;
    }
    if (current) await this.api.removeContainer(current.Id, 2);
    const labels = { ...body.Labels, [DOCKER_LABELS.specHash]: hash };
    let id: string;
    const create = () =>
      this.api.createContainer(this.opts.containerName, { ...body, Labels: labels });
    try {
      id = await create();
    } catch (err) {
      // Created meanwhile by another process of this host: that one is kept.
      if (err instanceof EngineError && err.status === 409) return this.ensure();
      if (!(err instanceof EngineError && err.status === 404)) throw err;
      // A local build (the default, localhost/…) cannot be pulled: said at once.
      if (this.opts.image.startsWith('localhost/'))
        throw new Error(`image ${this.opts.image} is not on this host`, { cause: err });
      // The image is not on this host yet (a registry reference): pulled once.
      const failed = await this.api.pullImage(this.opts.image, PULL_TIMEOUT_MS);
      if (failed) throw new Error(`image ${this.opts.image}: ${failed}`, { cause: err });
      id = await create();
    }
    await this.api.startContainer(id);
    return id;
  }

  private createBody() {
    return {
      Image: this.opts.image,
      // Root with NET_ADMIN alone (the platform's image runs as `node` otherwise).
      User: '0',
      Entrypoint: ['/bin/sh', '-c'],
      Cmd: [GUARD_SCRIPT],
      Env: [
        `GUARD_CHAINS=${this.chainPrefix}`,
        'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      ],
      Labels: { [LABELS.managedBy]: MANAGED_BY, [LABELS.component]: 'network-guard' },
      HostConfig: {
        // The host's own FORWARD and INPUT chains are what it guards.
        NetworkMode: 'host',
        Mounts: [
          this.opts.stateVolume
            ? { Type: 'volume', Source: this.opts.stateVolume, Target: GUARD_DIR_IN_CONTAINER }
            : {
                Type: 'bind',
                Source: path.resolve(this.opts.stateDir),
                Target: GUARD_DIR_IN_CONTAINER,
              },
        ],
        RestartPolicy: { Name: 'unless-stopped' },
        Memory: 64_000_000,
        MemorySwap: 64_000_000,
        PidsLimit: 32,
        LogConfig: LOG_CONFIG,
        SecurityOpt: ['no-new-privileges'],
        CapDrop: ['ALL'],
        // Enough for Debian's iptables (nf_tables backend); a legacy-backend image needs NET_RAW.
        CapAdd: ['NET_ADMIN'],
      },
    };
  }
}
