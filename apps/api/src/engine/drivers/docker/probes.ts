import http from 'node:http';
import net from 'node:net';
import type { ContainerInspect } from './engine-api';
import type { ContainerTemplate } from './container-spec';

/** Probes stay short: status() runs one per container and must answer quickly. */
const MAX_PROBE_MS = 3_000;

/**
 * The loopback port the engine chose for the container's port, if any. A database's public
 * endpoint may publish the same container port on DATABASE_PUBLIC_ADDRESS (often 127.0.0.1 as
 * well), behind the network guard's allow-list: never that one, or the probe would be dropped
 * as soon as the list no longer names the platform's own address (and the engine lists the two
 * bindings in no fixed order).
 */
export function publishedPort(
  c: ContainerInspect,
  port: number | null,
  publicHostPort: number | null = null,
): number | null {
  if (port === null) return null;
  const bindings = (c.NetworkSettings.Ports?.[`${port}/tcp`] ?? []).filter(
    (b) => b.HostPort && Number(b.HostPort) !== publicHostPort,
  );
  const binding = bindings.find((b) => b.HostIp === '127.0.0.1') ?? bindings[0];
  return binding ? Number(binding.HostPort) : null;
}

/** The readiness probe of the spec (kept in the container's template label), via the published port. */
export async function probeContainer(
  c: ContainerInspect,
  template: ContainerTemplate,
  host = '127.0.0.1',
): Promise<boolean> {
  if (!c.State.Running || !template.probe) return false;
  const hostPort = publishedPort(c, template.probe.port, template.publish?.hostPort ?? null);
  if (hostPort === null) return false;
  const timeoutMs = Math.min(template.probe.timeoutSeconds * 1000, MAX_PROBE_MS);
  return template.probe.kind === 'http'
    ? probeHttp(host, hostPort, template.probe.path, timeoutMs)
    : probeTcp(host, hostPort, timeoutMs);
}

/** Like Kubernetes: any status from 200 to 399 is ready. */
export function probeHttp(
  host: string,
  port: number,
  path: string,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host, port, path, timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      const code = res.statusCode ?? 0;
      resolve(code >= 200 && code < 400);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
  });
}

/**
 * Connected and not closed within a short grace: Docker's userland proxy accepts on the
 * published port even when nothing listens behind it, then hangs up at once, so a bare
 * connect would call a starting database ready. Data (MariaDB's greeting) means ready.
 */
export function probeTcp(
  host: string,
  port: number,
  timeoutMs: number,
  graceMs = 250,
): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let timer: NodeJS.Timeout | undefined;
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => {
      timer = setTimeout(() => done(true), graceMs);
    });
    socket.once('data', () => done(true));
    socket.once('end', () => done(false));
    socket.once('close', () => done(false));
    socket.once('error', () => done(false));
  });
}
