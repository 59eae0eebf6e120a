import type { RegistryCredentials } from '../../spec';
import type { EngineClient } from './engine-client';
import { EngineError } from './engine-client';
import { FrameDemuxer } from './log-frames';
import { inspectNetwork } from './network-reads';

/** The fields of the Engine API's answers the driver reads (Docker and Podman both give them). */
export interface ContainerSummary {
  Id: string;
  Names: string[] | null;
  State: string;
  Labels: Record<string, string> | null;
}

export interface ContainerInspect {
  Id: string;
  Name: string;
  RestartCount: number;
  State: {
    Status: string;
    Running: boolean;
    Restarting: boolean;
    Paused?: boolean;
    OOMKilled: boolean;
    ExitCode: number;
    StartedAt: string;
    FinishedAt: string;
    Error?: string;
  };
  Config: {
    Image: string;
    User?: string;
    Env: string[] | null;
    Cmd: string[] | null;
    Entrypoint: string[] | string | null;
    Labels: Record<string, string> | null;
  };
  NetworkSettings: {
    Ports: Record<string, { HostIp: string; HostPort: string }[] | null> | null;
    Networks?: Record<string, { IPAddress?: string }> | null;
  };
}

export interface ContainerStats {
  read?: string;
  cpu_stats?: CpuStats;
  precpu_stats?: CpuStats;
  memory_stats?: { usage?: number; stats?: Record<string, number> };
  /** Per interface, totals since the container started (Podman and Docker both give them). */
  networks?: Record<string, { rx_bytes?: number; tx_bytes?: number }> | null;
}

export interface CpuStats {
  cpu_usage?: { total_usage?: number; percpu_usage?: number[] };
  system_cpu_usage?: number;
  online_cpus?: number;
}

export interface ImageInspect {
  Id: string;
  Config: {
    Entrypoint?: string[] | string | null;
    Cmd?: string[] | string | null;
    User?: string;
  } | null;
}

export interface VolumeSummary {
  Name: string;
  Labels: Record<string, string> | null;
}

type Filters = Record<string, string[]>;

/** Typed calls on top of the transport; every removal is idempotent (404 = already gone). */
export class EngineApi {
  constructor(readonly client: EngineClient) {}

  listContainers(filters: Filters): Promise<ContainerSummary[]> {
    return this.client.json('GET', '/containers/json', {
      query: { all: true, filters: JSON.stringify(filters) },
    });
  }

  inspectContainer(idOrName: string): Promise<ContainerInspect | null> {
    return this.client.optional('GET', `/containers/${encodeURIComponent(idOrName)}/json`);
  }

  async createContainer(name: string, body: unknown): Promise<string> {
    const created = await this.client.json<{ Id: string }>('POST', '/containers/create', {
      query: { name },
      body,
    });
    return created.Id;
  }

  /** 304 (already started) is success. */
  async startContainer(id: string): Promise<void> {
    await this.client.request('POST', `/containers/${id}/start`);
  }

  async stopContainer(id: string, graceSeconds: number): Promise<void> {
    await this.client.request('POST', `/containers/${id}/stop`, {
      query: { t: graceSeconds },
      timeoutMs: (graceSeconds + 30) * 1000,
    });
  }

  /** Freezes every process of the container (cgroup freezer): its files stop changing. */
  async pauseContainer(id: string): Promise<void> {
    await this.client.request('POST', `/containers/${id}/pause`);
  }

  async unpauseContainer(id: string): Promise<void> {
    await this.client.request('POST', `/containers/${id}/unpause`);
  }

  async restartContainer(id: string, graceSeconds: number): Promise<void> {
    await this.client.request('POST', `/containers/${id}/restart`, {
      query: { t: graceSeconds },
      timeoutMs: (graceSeconds + 30) * 1000,
    });
  }

  /**
   * Removes a container and its anonymous volumes (image VOLUMEs would otherwise leak). With
   * a grace period it is stopped first (SIGTERM, then SIGKILL): replacing a database. Without,
   * it is killed at once, as Docker's force removal does (Podman's would wait for the stop
   * timeout): removing an application whose volumes go too.
   */
  async removeContainer(id: string, graceSeconds = 0): Promise<void> {
    try {
      if (graceSeconds > 0) await this.stopContainer(id, graceSeconds);
      else
        await this.client.request('POST', `/containers/${id}/kill`, { query: { signal: 'KILL' } });
    } catch (err) {
      // Not running (409) or already gone (404): nothing to stop.
      if (!(err instanceof EngineError)) throw err;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.request('DELETE', `/containers/${id}`, {
          query: { force: true, v: true },
          timeoutMs: 60_000,
        });
        return;
      } catch (err) {
        if (err instanceof EngineError && err.status === 404) return;
        // Podman refuses a forced removal racing with the container's own exit ("could not be
        // stopped: container state improper: stopped"); a moment later the removal goes through.
        const exiting = err instanceof EngineError && /state improper/.test(err.message);
        if (!exiting || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 300 * attempt));
      }
    }
  }

  async putArchive(id: string, path: string, tar: Buffer): Promise<void> {
    await this.client.request('PUT', `/containers/${id}/archive`, { query: { path }, body: tar });
  }

  async getArchive(id: string, path: string): Promise<Buffer | null> {
    try {
      return (await this.client.request('GET', `/containers/${id}/archive`, { query: { path } }))
        .body;
    } catch (err) {
      if (err instanceof EngineError && err.status === 404) return null;
      throw err;
    }
  }

  /** The last `tail` lines of stdout and stderr, demultiplexed. */
  async logs(id: string, tail: number): Promise<string> {
    const demuxer = new FrameDemuxer();
    await this.client.request('GET', `/containers/${id}/logs`, {
      query: { stdout: true, stderr: true, tail, timestamps: false, follow: false },
      onData: (chunk) => demuxer.push(chunk),
    });
    return demuxer.text();
  }

  stats(id: string): Promise<ContainerStats> {
    return this.client.json('GET', `/containers/${id}/stats`, { query: { stream: false } });
  }

  async imageExists(ref: string): Promise<boolean> {
    return (await this.client.optional('GET', `/images/${ref}/json`)) !== null;
  }

  /** The image's id and the Entrypoint/Cmd a container of it runs by default. */
  inspectImage(ref: string): Promise<ImageInspect | null> {
    return this.client.optional('GET', `/images/${ref}/json`);
  }

  /**
   * Pulls an image. The engine answers 200 and reports a failure inside the progress stream,
   * so the stream is read for `error` messages; returns the error text or null.
   */
  async pullImage(
    ref: string,
    timeoutMs: number,
    auth?: RegistryCredentials | null,
  ): Promise<string | null> {
    let tail = '';
    let error: string | null = null;
    const res = await this.client.send('POST', '/images/create', {
      query: { fromImage: ref },
      timeoutMs,
      ...(auth ? { headers: { 'X-Registry-Auth': registryAuthHeader(auth) } } : {}),
      onData: (chunk) => {
        const lines = (tail + chunk.toString('utf8')).split('\n');
        tail = lines.pop() ?? '';
        for (const line of lines) error = pullError(line) ?? error;
      },
    });
    error = pullError(tail) ?? error;
    if (res.status >= 400) error = error ?? `HTTP ${res.status}`;
    return error;
  }

  inspectVolume(name: string): Promise<VolumeSummary | null> {
    return this.client.optional('GET', `/volumes/${encodeURIComponent(name)}`);
  }

  /**
   * Volumes matching every filter. Podman 4.3 answers volumes matching ANY of several `label`
   * filters (Docker: all of them; containers: all of them on both), so labels are checked here
   * again: otherwise an application's files volume passed for its database volume.
   */
  async listVolumes(filters: Filters): Promise<VolumeSummary[]> {
    const res = await this.client.json<{ Volumes: VolumeSummary[] | null }>('GET', '/volumes', {
      query: { filters: JSON.stringify(filters) },
    });
    return (res.Volumes ?? []).filter((v) => hasLabels(v.Labels, filters.label ?? []));
  }

  async createVolume(name: string, labels: Record<string, string>): Promise<void> {
    await this.client.request('POST', '/volumes/create', {
      body: { Name: name, Driver: 'local', Labels: labels },
    });
  }

  async removeVolume(name: string): Promise<void> {
    try {
      await this.client.request('DELETE', `/volumes/${encodeURIComponent(name)}`);
    } catch (err) {
      if (!(err instanceof EngineError && err.status === 404)) throw err;
    }
  }

  /** Through network-reads.ts: Podman's compatible network reads can crash it. */
  async networkExists(name: string): Promise<boolean> {
    return (await inspectNetwork(this.client, name)) !== null;
  }

  async createNetwork(name: string, labels: Record<string, string>): Promise<void> {
    await this.client.request('POST', '/networks/create', {
      body: { Name: name, Driver: 'bridge', CheckDuplicate: true, Labels: labels },
    });
  }

  /**
   * Removes a network the platform made. Containers still attached (Podman, on a loaded host,
   * may list a container removed a moment ago; a proxy that joined it again meanwhile) are
   * disconnected by force and the removal tried again: the network is going away anyway.
   */
  async removeNetwork(name: string): Promise<void> {
    const path = `/networks/${encodeURIComponent(name)}`;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.request('DELETE', path);
        return;
      } catch (err) {
        if (err instanceof EngineError && err.status === 404) return;
        const inUse =
          err instanceof EngineError &&
          /being used|associated containers|active endpoints/i.test(err.message);
        if (!inUse || attempt >= 5) throw err;
      }
      // The containers still attached, from the container list rather than the network's
      // inspect (network-reads.ts: Podman's compatible network reads can crash it).
      const attached = await this.client
        .json<{ Id: string }[]>('GET', '/containers/json', {
          query: { all: true, filters: JSON.stringify({ network: [name] }) },
        })
        .catch(() => []);
      for (const { Id: container } of attached) {
        await this.client
          .request('POST', `${path}/disconnect`, { body: { Container: container, Force: true } })
          .catch(() => undefined); // gone meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
}

/** Whether `labels` satisfy every `key` / `key=value` filter. */
export function hasLabels(labels: Record<string, string> | null, filters: string[]): boolean {
  return filters.every((f) => {
    const at = f.indexOf('=');
    if (at < 0) return labels?.[f] !== undefined;
    return labels?.[f.slice(0, at)] === f.slice(at + 1);
  });
}

/**
 * The engine API's `X-Registry-Auth`: base64url of the JSON credentials, padded (Podman's
 * decoder refuses it unpadded; Docker reads both). Both read `serveraddress` as the registry.
 */
export function registryAuthHeader(auth: RegistryCredentials): string {
  const json = JSON.stringify({
    username: auth.username,
    password: auth.password,
    serveraddress: auth.registry,
  });
  return Buffer.from(json, 'utf8').toString('base64').replaceAll('+', '-').replaceAll('/', '_');
}

function pullError(line: string): string | null {
  if (!line.trim()) return null;
  try {
    const msg = JSON.parse(line) as { error?: unknown; errorDetail?: { message?: unknown } };
    if (typeof msg.error === 'string') return msg.error;
    if (typeof msg.errorDetail?.message === 'string') return msg.errorDetail.message;
  } catch {
    // Progress lines are JSON; anything else is not an error report.
  }
  return null;
}
