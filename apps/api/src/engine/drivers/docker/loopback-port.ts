import { readFile } from 'node:fs/promises';
import net from 'node:net';

/**
 * The loopback port a replica is published on (the balancer and the probes reach it there),
 * chosen by the driver rather than by the engine. Engines take a free port from the kernel's
 * ephemeral range, the one outgoing connections use too: in CI, an outgoing connection held the
 * port Podman had chosen, and Podman chose that same port again for every new container, so the
 * application never started (« address already in use »). Ports above that range are never given
 * to outgoing connections; each is tried before use, and another is drawn at the next try.
 */

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';
/** Too few ports above the ephemeral range: the engine chooses, as before. */
const MIN_PORTS = 500;
const DRAWS = 20;

let range: Promise<{ first: number; last: number } | null> | null = null;

/** The ports above the kernel's ephemeral range (61000–65535 with Linux's defaults). */
function portsAboveEphemeral(): Promise<{ first: number; last: number } | null> {
  range ??= readFile(RANGE_FILE, 'utf8')
    .then((text) => Number(text.trim().split(/\s+/)[1]))
    .catch(() => 60_999)
    .then((lastEphemeral) =>
      Number.isInteger(lastEphemeral) && 65_535 - lastEphemeral >= MIN_PORTS
        ? { first: lastEphemeral + 1, last: 65_535 }
        : null,
    );
  return range;
}

/** Whether nothing listens on 127.0.0.1:`port` (nor on every address). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

/** A free loopback port for a new container; '' lets the engine choose (no room above). */
export async function loopbackPort(draw = Math.random): Promise<string> {
  const ports = await portsAboveEphemeral();
  if (!ports) return '';
  for (let i = 0; i < DRAWS; i++) {
    const port = ports.first + Math.floor(draw() * (ports.last - ports.first + 1));
    if (await isFree(port)) return String(port);
  }
  return '';
}
