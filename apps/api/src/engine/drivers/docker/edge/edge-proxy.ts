import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { RuntimeUnavailableError } from '../../../driver';
import { LABELS, MANAGED_BY } from '../../../spec';
import { LOG_CONFIG } from '../container-create-body';
import { EngineError } from '../engine-client';
import type { ContainerInspect, EngineApi } from '../engine-api';
import { DOCKER_LABELS } from '../labels';
import { ensureVolume } from '../objects';
import { writeFiles } from '../secret-files';
import { ACCESS_LOG_NAME, prepareAccessLog, readAccessLog } from './access-log';
import {
  buildCaddyConfig,
  type AcmeAnswer,
  type EdgeRoute,
  type EdgeSettings,
} from './caddy-config';

/**
 * The edge proxy: one Caddy container per host that owns ports 80 and 443 and routes every
 * application's hostnames to its replicas over the environments' networks (it joins each
 * one). It is a container of its own, not a part of the API process: restarting or upgrading
 * the platform does not touch it, and its configuration (autosaved by Caddy, reloaded with
 * `--resume`) keeps serving meanwhile. Its admin API listens on a unix socket in a host
 * directory bind-mounted into it (no TCP port any container on those networks could reach).
 */

export interface EdgeOptions {
  image: string;
  containerName: string;
  httpPort: number;
  httpsPort: number;
  listenHost: string;
  /** Host directory holding the admin socket (created if missing). */
  adminDir: string;
  acmeDirectoryUrl?: string;
  /** ACME account e-mail (ACME_EMAIL): the authority's expiry notices go there. */
  acmeEmail?: string;
  /** PEM file of extra roots (TLS_EXTRA_CA_FILE): copied into the proxy for the ACME directory. */
  extraCaFile?: string;
  /**
   * Whether the proxy's network namespace hands queued connections over at a configuration
   * load (MIGRATE_QUEUED_CONNECTIONS); by default, where the kernel has the setting. False
   * only in tests (a proxy as an earlier version created it).
   */
  migrateQueuedConnections?: boolean;
}

const ADMIN_ORIGIN = 'nuagedeploy-edge';
const ADMIN_DIR_IN_CONTAINER = '/run/nuagedeploy-edge';
const EXTRA_CA_IN_CONTAINER = '/etc/nuagedeploy/extra-ca.pem';
const BOOT_CONFIG = '/etc/nuagedeploy/boot.json';

/**
 * Caddy (2.6 and later, on Linux) opens new listening sockets at each configuration load, with
 * SO_REUSEPORT, and closes the previous ones: the connections the kernel had queued on a closed
 * one were reset. Every load (a deploy, a restart, a domain of any application) then cut some
 * new connections of every application: measured with Caddy 2.6.2, 200 loads under 8 loops of
 * new connections, 504 resets; with this setting, which hands the queued connections over to
 * the sockets that stay (Linux 5.14 and later), 1. Per network namespace: the proxy's own.
 */
const MIGRATE_QUEUED_CONNECTIONS = 'net.ipv4.tcp_migrate_req';

/** Whether the kernel has the setting (the engine's kernel: its socket is a local one). */
const kernelHasMigration = () =>
  existsSync(`/proc/sys/${MIGRATE_QUEUED_CONNECTIONS.replaceAll('.', '/')}`);

/** The label value of a proxy created with the setting (DOCKER_LABELS.edgeSettings). */
const MIGRATING = `${MIGRATE_QUEUED_CONNECTIONS}=1`;

export class EdgeProxy {
  private lastLoaded: string | null = null;
  /** The proxy container (id and start) that got lastLoaded: a new one is loaded again. */
  private loadedInto: string | null = null;
  private readonly settings: EdgeSettings;
  private readonly migratesConnections: boolean;
  /**
   * Told (not awaited) when the proxy got new addresses: it joined a network, or a recreated or
   * restarted container rejoined them (the network guard lets its addresses through).
   */
  onAddressesChanged: (() => void) | null = null;

  constructor(
    private readonly api: EngineApi,
    readonly opts: EdgeOptions,
  ) {
    this.migratesConnections = opts.migrateQueuedConnections ?? kernelHasMigration();
    this.settings = {
      adminListen: `unix/${ADMIN_DIR_IN_CONTAINER}/admin.sock`,
      adminOrigin: ADMIN_ORIGIN,
      publicHttpsPort: opts.httpsPort,
      drainListen: `unix/${ADMIN_DIR_IN_CONTAINER}/drain.sock`,
      accessLogFile: `${ADMIN_DIR_IN_CONTAINER}/${ACCESS_LOG_NAME}`,
      ...(opts.acmeDirectoryUrl ? { acmeDirectoryUrl: opts.acmeDirectoryUrl } : {}),
      ...(opts.acmeEmail ? { acmeEmail: opts.acmeEmail } : {}),
      ...(opts.extraCaFile ? { acmeTrustedRootsFile: EXTRA_CA_IN_CONTAINER } : {}),
    };
  }

  get adminSocket(): string {
    return path.join(this.opts.adminDir, 'admin.sock');
  }

  /** The proxy container exists and runs (created at first use, kept across API restarts). */
  async ensure(): Promise<string> {
    const current = await this.api.inspectContainer(this.opts.containerName);
    if (current && this.outdated(current)) {
      // Created by an earlier version without the setting: replaced once (a second or two
      // without the proxy; its certificates stay in its volumes, its table is loaded again).
      await this.api.removeContainer(current.Id, 5);
    } else if (current) {
      if (!current.State.Running && !current.State.Restarting)
        await this.api.startContainer(current.Id);
      return current.Id;
    }
    mkdirSync(this.opts.adminDir, { recursive: true, mode: 0o700 });
    // Before Caddy first starts (its boot configuration writes the access log too): the file
    // is the platform's own, readable by it (access-log.ts).
    prepareAccessLog(this.opts.adminDir);
    const labels = {
      [LABELS.managedBy]: MANAGED_BY,
      [LABELS.component]: 'edge',
      ...(this.migratesConnections ? { [DOCKER_LABELS.edgeSettings]: MIGRATING } : {}),
    };
    const dataVolume = `${this.opts.containerName}-data`;
    const configVolume = `${this.opts.containerName}-config`;
    await ensureVolume(this.api, dataVolume, labels);
    await ensureVolume(this.api, configVolume, labels);
    const bind = (port: number) => [{ HostIp: this.opts.listenHost, HostPort: String(port) }];
    let id: string;
    try {
      id = await this.api.createContainer(this.opts.containerName, {
        Image: this.opts.image,
        // --resume: after a restart of the container, the last configuration the platform
        // loaded (autosaved under /config) is served at once, before the API is even up.
        Cmd: ['caddy', 'run', '--resume', '--config', BOOT_CONFIG],
        Env: ['XDG_DATA_HOME=/data', 'XDG_CONFIG_HOME=/config'],
        Labels: labels,
        ExposedPorts: { '80/tcp': {}, '443/tcp': {} },
        HostConfig: {
          PortBindings: {
            '80/tcp': bind(this.opts.httpPort),
            '443/tcp': bind(this.opts.httpsPort),
          },
          Mounts: [
            { Type: 'volume', Source: dataVolume, Target: '/data' },
            { Type: 'volume', Source: configVolume, Target: '/config' },
            { Type: 'bind', Source: this.opts.adminDir, Target: ADMIN_DIR_IN_CONTAINER },
          ],
          ...(this.migratesConnections ? { Sysctls: { [MIGRATE_QUEUED_CONNECTIONS]: '1' } } : {}),
          RestartPolicy: { Name: 'unless-stopped' },
          Memory: 512_000_000,
          MemorySwap: 512_000_000,
          PidsLimit: 256,
          LogConfig: LOG_CONFIG,
          SecurityOpt: ['no-new-privileges'],
          CapDrop: ['ALL'],
          CapAdd: ['NET_BIND_SERVICE'],
        },
      });
    } catch (err) {
      if (err instanceof EngineError && err.status === 409) return this.ensure();
      throw err;
    }
    const boot = JSON.stringify(buildCaddyConfig([], this.settings));
    const files = [{ path: BOOT_CONFIG, content: Buffer.from(boot), mode: 0o644, uid: 0, gid: 0 }];
    if (this.opts.extraCaFile) {
      const content = readFileSync(this.opts.extraCaFile);
      files.push({ path: EXTRA_CA_IN_CONTAINER, content, mode: 0o644, uid: 0, gid: 0 });
    }
    await writeFiles(this.api, id, files);
    await this.api.startContainer(id);
    return id;
  }

  /**
   * A proxy container this platform created without the settings this version gives it (one
   * that Compose started is Compose's to change: deploy/docker/compose.yaml sets them).
   */
  private outdated(current: ContainerInspect): boolean {
    const labels = current.Config.Labels ?? {};
    return (
      this.migratesConnections &&
      labels[LABELS.managedBy] === MANAGED_BY &&
      labels[DOCKER_LABELS.edgeSettings] !== MIGRATING
    );
  }

  /** The proxy joins an environment's network, so it reaches replicas by container name. */
  async connect(network: string): Promise<void> {
    const c = await this.api.inspectContainer(this.opts.containerName);
    const networks = (c as { NetworkSettings?: { Networks?: Record<string, unknown> } } | null)
      ?.NetworkSettings?.Networks;
    if (networks && network in networks) return;
    try {
      await this.api.client.request('POST', `/networks/${encodeURIComponent(network)}/connect`, {
        body: { Container: this.opts.containerName },
      });
      this.onAddressesChanged?.();
    } catch (err) {
      // Connected meanwhile (Docker 403 "already exists"; Podman 500 is retried by the caller).
      if (!(err instanceof EngineError && (err.status === 403 || err.status === 409))) throw err;
    }
  }

  /** Before an environment's network is removed. */
  async disconnect(network: string): Promise<void> {
    try {
      await this.api.client.request('POST', `/networks/${encodeURIComponent(network)}/disconnect`, {
        body: { Container: this.opts.containerName, Force: true },
      });
    } catch (err) {
      if (!(err instanceof EngineError)) throw err; // not connected, or the network is gone
    }
  }

  /**
   * Loads the whole routing table (and pending HTTP-01 answers); an unchanged table is not
   * sent again to the same proxy container, but is to one recreated or restarted meanwhile
   * (removed by hand, its configuration lost), which first joins `networks` (those of the
   * replicas it routes to) again.
   */
  async load(
    routes: EdgeRoute[],
    answers: AcmeAnswer[] = [],
    networks: Iterable<string> = [],
    draining: string[] = [],
  ): Promise<void> {
    const body = JSON.stringify(buildCaddyConfig(routes, this.settings, answers, draining));
    prepareAccessLog(this.opts.adminDir);
    const digest = createHash('sha256').update(body).digest('hex');
    const incarnation = await this.incarnation();
    if (incarnation !== this.loadedInto) {
      for (const n of networks) await this.rejoin(n);
      this.onAddressesChanged?.();
    }
    if (digest === this.lastLoaded && incarnation === this.loadedInto) return;
    await this.adminRequest('POST', '/load', body);
    this.lastLoaded = digest;
    this.loadedInto = incarnation;
  }

  /** A network gone meanwhile (its environment removed) is no reason not to load the table. */
  private async rejoin(network: string): Promise<void> {
    try {
      await this.connect(network);
    } catch (err) {
      if (!(err instanceof EngineError && err.status === 404)) throw err;
    }
  }

  /** The running proxy container (created or started if need be), as `<id>@<start time>`. */
  private async incarnation(): Promise<string> {
    await this.ensure();
    const c = await this.api.inspectContainer(this.opts.containerName);
    return c ? `${c.Id}@${c.State.StartedAt}` : '';
  }

  /** The proxy's own log (certificate issuance: edge/issuance-log.ts); empty while it has none. */
  async logTail(lines: number): Promise<string> {
    try {
      return await this.api.logs(this.opts.containerName, lines);
    } catch (err) {
      if (err instanceof EngineError && err.status === 404) return '';
      throw err;
    }
  }

  /** The requests logged since `cursor` (access-log.ts), attributed with `hosts`. */
  readTraffic(cursor: string | null, hosts: Map<string, string>) {
    return readAccessLog(this.opts.adminDir, cursor, (host) => hosts.get(host));
  }

  /**
   * Requests the proxy has in flight to these upstream addresses (`ip:port`), from Caddy's
   * `/reverse_proxy/upstreams`; 0 when it cannot tell (no proxy, an older Caddy): a stop is
   * never held by a proxy that does not answer.
   */
  async inFlight(dials: string[]): Promise<number> {
    try {
      const pool = JSON.parse(await this.adminOnce('GET', '/reverse_proxy/upstreams')) as
        { address?: string; num_requests?: number }[] | null;
      const wanted = new Set(dials);
      return (pool ?? [])
        .filter((u) => u.address !== undefined && wanted.has(u.address))
        .reduce((sum, u) => sum + (u.num_requests ?? 0), 0);
    } catch {
      return 0;
    }
  }

  /** The configuration Caddy runs now (tests, diagnostics). */
  async current(): Promise<unknown> {
    return JSON.parse(await this.adminRequest('GET', '/config/'));
  }

  private async adminRequest(method: string, urlPath: string, body?: string): Promise<string> {
    // Just created: Caddy opens its admin socket a moment after the container starts.
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.adminOnce(method, urlPath, body);
      } catch (err) {
        if (attempt >= 40 || !(err instanceof RuntimeUnavailableError)) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  private adminOnce(method: string, urlPath: string, body?: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          socketPath: this.adminSocket,
          method,
          path: urlPath,
          headers: {
            host: ADMIN_ORIGIN,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          timeout: 30_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            if ((res.statusCode ?? 500) < 300) return resolve(text);
            reject(new Error(`edge proxy refused ${method} ${urlPath}: ${res.statusCode} ${text}`));
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (err) =>
        reject(new RuntimeUnavailableError(`edge proxy admin API: ${err.message}`, { cause: err })),
      );
      req.end(body);
    });
  }
}
