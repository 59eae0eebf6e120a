import { createHash } from 'node:crypto';
import tar from 'tar-stream';
import { EngineApi } from '../../drivers/docker/engine-api';
import { EngineError, type EngineClient } from '../../drivers/docker/engine-client';
import { inspectNetwork } from '../../drivers/docker/network-reads';
import { BuildFailedError } from '../builder';
import { isPodman } from '../../drivers/docker/engine-kind';
import { libpod } from '../docker/podman-leftovers';
import { egressProxyScript } from './egress-proxy';
import { buildEgressTexts } from '@nuage/shared/messages/builder';

/** BUILD_NETWORK, BUILD_EGRESS_PROXY_IMAGE, BUILD_EGRESS_ALLOW. */
export interface BuildEgressSettings {
  network: string;
  proxyImage: string;
  allow: string[];
}

export interface PreparedEgress {
  /** The network RUN steps join. */
  network: string;
  /** `http://<proxy address on that network>:3128`, given to builds as HTTP(S)_PROXY. */
  proxyUrl: string;
  podman: boolean;
}

export const EGRESS_PROXY_PORT = 3128;
const SCRIPT_PATH = '/nuage-egress-proxy.js';

/**
 * The network policy of builds. RUN steps join BUILD_NETWORK, an *internal* network: no route
 * out of it, so neither the host's addresses, the other tenants' containers, nor the cloud
 * metadata endpoint answer. The one way out is the egress proxy (egress-proxy.ts), a container
 * on both that network and the engine's default one, which reaches public addresses only; builds
 * get its address as HTTP_PROXY/HTTPS_PROXY (npm, pip, composer, maven, apt, curl honour them).
 *
 * Both are made when missing, and checked before every build (a removed proxy comes back, a
 * changed configuration replaces it).
 */
export class BuildEgress {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly client: EngineClient,
    private readonly settings: BuildEgressSettings,
  ) {}

  get proxyName(): string {
    return `${this.settings.network}-proxy`;
  }

  /** One preparation at a time in this process (two builds starting together). */
  prepare(): Promise<PreparedEgress> {
    const next = this.queue.then(() => this.prepareNow());
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async prepareNow(): Promise<PreparedEgress> {
    const podman = await isPodman(this.client);
    await this.ensureNetwork(podman);
    const proxyUrl = await this.ensureProxy();
    return { network: this.settings.network, proxyUrl, podman };
  }

  private async ensureNetwork(podman: boolean): Promise<void> {
    const name = this.settings.network;
    let network = await this.inspectNetwork();
    if (!network) {
      const labels = { 'nuagedeploy.build-network': 'true' };
      if (podman) {
        // Podman's own endpoint: no DNS server on the network either (names are resolved by
        // the proxy), and the compatible one cannot say so.
        const res = await libpod(this.client.socketPath, 'POST', '/libpod/networks/create', {
          name,
          driver: 'bridge',
          internal: true,
          dns_enabled: false,
          labels,
        });
        if (res.status >= 400 && res.status !== 409)
          throw new Error(buildEgressTexts.networkCreation(name, res.body.trim()));
      } else {
        await this.client
          .request('POST', '/networks/create', {
            body: {
              Name: name,
              CheckDuplicate: true,
              Internal: true,
              Labels: labels,
              // No address of the host on the bridge: the host's services are not reachable.
              Options: { 'com.docker.network.bridge.inhibit_ipv4': 'true' },
            },
          })
          .catch((err: unknown) => {
            if (!(err instanceof EngineError && err.status === 409)) throw err;
          });
      }
      network = await this.inspectNetwork();
    }
    if (!network?.internal) throw new BuildFailedError(buildEgressTexts.networkNotInternal(name));
  }

  private inspectNetwork() {
    return inspectNetwork(this.client, this.settings.network);
  }

  private async ensureProxy(): Promise<string> {
    const script = egressProxyScript({ port: EGRESS_PROXY_PORT, allow: this.settings.allow });
    const version = createHash('sha256')
      .update(`${this.settings.proxyImage}\n${script}`)
      .digest('hex')
      .slice(0, 16);
    const name = this.proxyName;
    let current = await this.inspectProxy();
    if (
      current &&
      (current.Config.Labels?.['nuagedeploy.egress-version'] !== version || !current.State.Running)
    ) {
      if (current.Config.Labels?.['nuagedeploy.egress-version'] === version) {
        await this.client.request('POST', `/containers/${current.Id}/start`).catch(() => undefined);
      } else {
        await this.client.request('DELETE', `/containers/${current.Id}`, {
          query: { force: true },
        });
      }
      current = await this.inspectProxy();
      if (current && !current.State.Running) {
        await this.client.request('DELETE', `/containers/${current.Id}`, {
          query: { force: true },
        });
        current = null;
      }
    }
    if (!current) {
      await this.createProxy(name, script, version);
      current = await this.inspectProxy();
    }
    const address = current?.NetworkSettings.Networks?.[this.settings.network]?.IPAddress;
    if (!current?.State.Running || !address)
      throw new Error(buildEgressTexts.proxyNotOnNetwork(name, this.settings.network));
    return `http://${address}:${EGRESS_PROXY_PORT}`;
  }

  /** Until the proxy says it listens (a few hundred ms): the build's first step may need it. */
  private async waitListening(id: string): Promise<void> {
    for (let i = 0; i < 40; i++) {
      const logs = await this.client.request('GET', `/containers/${id}/logs`, {
        query: { stdout: true, stderr: true },
      });
      if (logs.body.toString('utf8').includes(EGRESS_PROXY_READY)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(buildEgressTexts.proxySilent(this.proxyName));
  }

  private inspectProxy() {
    return this.client.optional<{
      Id: string;
      Config: { Labels?: Record<string, string> };
      State: { Running: boolean };
      NetworkSettings: { Networks?: Record<string, { IPAddress?: string }> };
    }>('GET', `/containers/${encodeURIComponent(this.proxyName)}/json`);
  }

  private async createProxy(name: string, script: string, version: string): Promise<void> {
    const image = this.settings.proxyImage;
    const api = new EngineApi(this.client);
    if (!(await api.imageExists(image))) {
      const error = await api.pullImage(image, 600_000);
      if (error) throw new Error(buildEgressTexts.proxyImageMissing(image, error));
    }
    let created: { Id: string };
    try {
      created = await this.client.json<{ Id: string }>('POST', '/containers/create', {
        query: { name },
        body: {
          Image: image,
          Entrypoint: ['node'],
          Cmd: [SCRIPT_PATH],
          User: '65534:65534',
          Labels: { 'nuagedeploy.egress-proxy': 'true', 'nuagedeploy.egress-version': version },
          HostConfig: {
            // The engine's default network: the proxy's own way to the internet.
            NetworkMode: 'bridge',
            RestartPolicy: { Name: 'unless-stopped' },
            Memory: 256 * 1024 * 1024,
            CapDrop: ['ALL'],
            SecurityOpt: ['no-new-privileges'],
          },
        },
      });
    } catch (err) {
      if (err instanceof EngineError && err.status === 409) return; // another process made it
      throw err;
    }
    try {
      await this.client.request(
        'POST',
        `/networks/${encodeURIComponent(this.settings.network)}/connect`,
        {
          body: { Container: created.Id },
        },
      );
      await this.client.request('PUT', `/containers/${created.Id}/archive`, {
        query: { path: '/' },
        body: await scriptArchive(script),
      });
      await this.client.request('POST', `/containers/${created.Id}/start`);
      await this.waitListening(created.Id);
    } catch (err) {
      await this.client
        .request('DELETE', `/containers/${created.Id}`, { query: { force: true } })
        .catch(() => undefined);
      throw err;
    }
  }
}

/** What the proxy prints once it listens (egress-proxy.ts). */
export const EGRESS_PROXY_READY = 'egress proxy listening';

function scriptArchive(script: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pack = tar.pack();
    const chunks: Buffer[] = [];
    pack.on('data', (c: unknown) => chunks.push(c as Buffer));
    pack.on('end', () => resolve(Buffer.concat(chunks)));
    pack.on('error', reject);
    pack.entry({ name: SCRIPT_PATH.slice(1), mode: 0o644 }, script, (err) => {
      if (err) reject(err);
      else pack.finalize();
    });
  });
}
