import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TcpBalancer, type BalancerTarget } from './balancer';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A backend answering its own name. */
async function backend(name: string): Promise<BalancerTarget> {
  const server = http.createServer((_, res) => res.end(name));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => new Promise((r) => server.close(r)));
  server.closeIdleConnections();
  return { host: '127.0.0.1', port: (server.address() as net.AddressInfo).port };
}

/** A port nothing listens on. */
async function deadPort(): Promise<BalancerTarget> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((r) => server.close(r));
  return { host: '127.0.0.1', port };
}

async function balancer(targets: BalancerTarget[], refresh?: () => Promise<BalancerTarget[]>) {
  const b = await TcpBalancer.listen('127.0.0.1', 0, refresh ? { refresh } : {});
  b.setTargets(targets);
  closers.push(() => b.close());
  return b;
}

const get = async (port: number) =>
  (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } })).text();

describe('TcpBalancer', () => {
  it('spreads connections over the targets in turn', async () => {
    const b = await balancer([await backend('a'), await backend('b')]);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(b.port));
    expect(answers).toEqual(['a', 'b', 'a', 'b']);
  });

  it('skips a target that refuses connections', async () => {
    const b = await balancer([await deadPort(), await backend('alive')]);
    for (let i = 0; i < 3; i++) expect(await get(b.port)).toBe('alive');
  });

  it('asks for fresh targets when none accepts, then serves', async () => {
    let refreshed = 0;
    const fresh = await backend('fresh');
    const b = await balancer([await deadPort()], async () => {
      refreshed++;
      return [fresh];
    });
    expect(await get(b.port)).toBe('fresh');
    expect(refreshed).toBe(1);
    expect(b.getTargets()).toEqual([fresh]);
  });

  it('closes the client connection when no target is left', async () => {
    const b = await balancer([]);
    await expect(get(b.port)).rejects.toThrow();
  });

  it('refuses a port already taken, and stops listening when closed', async () => {
    const b = await TcpBalancer.listen('127.0.0.1', 0);
    await expect(TcpBalancer.listen('127.0.0.1', b.port)).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
    await b.close();
    const again = await TcpBalancer.listen('127.0.0.1', b.port); // the port is free again
    await again.close();
  });
});
