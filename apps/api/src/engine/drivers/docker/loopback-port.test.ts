import { readFileSync } from 'node:fs';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackPort } from './loopback-port';

const lastEphemeral = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[1],
);
const first = lastEphemeral + 1;
const portAt = (draw: number) => first + Math.floor(draw * (65_535 - first + 1));

let held: net.Server | null = null;
afterEach(() => held?.close());

describe('loopbackPort', () => {
  it('draws above the kernel’s ephemeral range, where outgoing connections never land', async () => {
    const port = Number(await loopbackPort());
    expect(port).toBeGreaterThan(lastEphemeral);
    expect(port).toBeLessThanOrEqual(65_535);
  });

  it('draws again when the port drawn is taken', async () => {
    const taken = portAt(0.5);
    held = net.createServer();
    await new Promise<void>((resolve) => held!.listen(taken, '127.0.0.1', resolve));
    const draws = [0.5, 0.25];
    expect(await loopbackPort(() => draws.shift()!)).toBe(String(portAt(0.25)));
  });
});
