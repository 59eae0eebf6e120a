import type { ContainerPlan } from './container-spec';

/** json-file logs rotate: at most 3 × 10 MB per container. */
export const LOG_CONFIG = { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '3' } };

/**
 * POST /containers/create body. Entrypoint and Cmd stay the image's unless the template sets
 * them. `hostPort`: the loopback port the driver chose (loopback-port.ts); '' lets the engine.
 */
export function createBody(p: ContainerPlan, hostPort = ''): Record<string, unknown> {
  const t = p.template;
  const portKey = t.port === null ? null : `${t.port}/tcp`;
  const ports: Record<string, { HostIp: string; HostPort: string }[]> = {};
  // A port on loopback only: the balancer (and probes) reach replicas there.
  if (portKey) ports[portKey] = [{ HostIp: '127.0.0.1', HostPort: hostPort }];
  // A database's public endpoint (issue 25 item 2): its port on the operator's address.
  if (t.publish) {
    const key = `${t.publish.containerPort}/tcp`;
    ports[key] = [
      ...(ports[key] ?? []),
      { HostIp: t.publish.address, HostPort: String(t.publish.hostPort) },
    ];
  }
  const exposed = Object.keys(ports);
  return {
    Image: t.image,
    Env: p.env,
    Labels: p.labels,
    // The secrets' loader (secret-loader.ts), which then runs the image's entrypoint and Cmd.
    ...(t.entrypoint ? { Entrypoint: t.entrypoint } : {}),
    ...(t.cmd ? { Cmd: t.cmd } : {}),
    ...(exposed.length ? { ExposedPorts: Object.fromEntries(exposed.map((k) => [k, {}])) } : {}),
    ...(t.user ? { User: t.user } : {}),
    ...(t.workingDir ? { WorkingDir: t.workingDir } : {}),
    HostConfig: {
      NanoCpus: t.cpuMilli * 1_000_000,
      Memory: t.ramMb * 1_000_000,
      // No swap beyond the memory limit: a limit that swaps is no limit on a shared host.
      MemorySwap: t.ramMb * 1_000_000,
      PidsLimit: t.pidsLimit,
      LogConfig: LOG_CONFIG,
      // Entrypoints switch users with setuid() (CAP_SETUID), never through setuid binaries.
      SecurityOpt: ['no-new-privileges'],
      CapDrop: ['ALL'],
      CapAdd: t.capabilities ?? [],
      RestartPolicy: { Name: t.restart },
      ...(exposed.length ? { PortBindings: ports } : {}),
      Mounts: t.mounts.map((m) => ({
        Type: 'volume',
        Source: m.volume,
        Target: m.target,
        ...(m.readOnly ? { ReadOnly: true } : {}),
      })),
      NetworkMode: t.network,
    },
    NetworkingConfig: {
      EndpointsConfig: { [t.network]: t.aliases.length ? { Aliases: t.aliases } : {} },
    },
  };
}
