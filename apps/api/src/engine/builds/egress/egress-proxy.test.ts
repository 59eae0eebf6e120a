import { spawn } from 'node:child_process';
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../../lib/network/address-policy';
import { egressProxyScript, runEgressProxy } from './egress-proxy';

/**
 * The egress proxy in this process: a loopback server stands for both a private service (refused)
 * and, once listed in `allow`, a public one (let through). Real builds going through it on
 * Podman: docker/docker-builder.test.ts.
 */
let target: http.Server;
let targetPort: number;
let strict: http.Server;
let allowing: http.Server;

const listening = async (server: http.Server) => {
  if (!server.listening) await new Promise((r) => server.once('listening', r));
  return (server.address() as AddressInfo).port;
};

function viaProxy(proxy: http.Server, path: string, method = 'GET') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: (proxy.address() as AddressInfo).port,
      method,
      path,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: body.trim() }));
    });
    req.on('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        return resolve({ status: res.statusCode ?? 0, body: '' });
      }
      // Through the tunnel: a plain HTTP request to the target.
      let body = '';
      socket.on('data', (c: Buffer) => (body += c.toString('utf8')));
      socket.on('end', () => resolve({ status: 200, body: body.split('\r\n\r\n')[1] ?? '' }));
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  target = http.createServer((_q, res) => res.end('service joint'));
  target.listen(0, '127.0.0.1');
  targetPort = await listening(target);
  const policy = createAddressPolicy();
  strict = runEgressProxy(net, http, dns, { port: 0, allow: [] }, policy);
  allowing = runEgressProxy(
    net,
    http,
    dns,
    { port: 0, allow: [`127.0.0.1:${targetPort}`] },
    policy,
  );
  await listening(strict);
  await listening(allowing);
});

afterAll(() => {
  for (const s of [target, strict, allowing]) s.close();
});

describe('the egress proxy of builds', () => {
  it('refuses loopback, private and link-local destinations, by address or by name', async () => {
    for (const url of [
      `http://127.0.0.1:${targetPort}/`,
      `http://localhost:${targetPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://[::1]:80/',
      // IPv6 and numeric spellings of loopback and of the metadata endpoint
      `http://[::ffff:127.0.0.1]:${targetPort}/`,
      `http://[::ffff:7f00:1]:${targetPort}/`,
      `http://[0:0:0:0:0:ffff:127.0.0.1]:${targetPort}/`,
      `http://[::127.0.0.1]:${targetPort}/`,
      `http://[64:ff9b::7f00:1]:${targetPort}/`,
      `http://[2002:7f00:1::]:${targetPort}/`,
      `http://2130706433:${targetPort}/`,
      'http://[::ffff:169.254.169.254]/latest/meta-data/',
    ]) {
      const answer = await viaProxy(strict, url);
      expect(answer.status, url).toBe(403);
      expect(answer.body, url).toMatch(/^destination refusée \(réseau privé\)/);
    }
  });

  it('refuses CONNECT tunnels to private destinations', async () => {
    expect((await viaProxy(strict, `127.0.0.1:${targetPort}`, 'CONNECT')).status).toBe(403);
    expect((await viaProxy(strict, '169.254.169.254:443', 'CONNECT')).status).toBe(403);
    for (const target of [
      `[::ffff:127.0.0.1]:${targetPort}`,
      `[::ffff:7f00:1]:${targetPort}`,
      `0x7f.1:${targetPort}`,
      `0177.0.0.1:${targetPort}`,
      '[::ffff:a9fe:a9fe]:443',
    ])
      expect((await viaProxy(strict, target, 'CONNECT')).status, target).toBe(403);
  });

  it('lets an allowed address through, plain and tunnelled, and that port only', async () => {
    expect(await viaProxy(allowing, `http://127.0.0.1:${targetPort}/`)).toEqual({
      status: 200,
      body: 'service joint',
    });
    expect(await viaProxy(allowing, `127.0.0.1:${targetPort}`, 'CONNECT')).toEqual({
      status: 200,
      body: 'service joint',
    });
    expect((await viaProxy(allowing, `http://127.0.0.1:${targetPort + 1}/`)).status).toBe(403);
  });

  it('answers 400 to a request that is not a proxy request', async () => {
    expect((await viaProxy(strict, '/')).status).toBe(400);
  });

  it('is written out as a whole program, the allowed addresses in it', () => {
    const script = egressProxyScript({ port: 3128, allow: ['10.0.0.5:8081'] });
    expect(script).toContain('"allow":["10.0.0.5:8081"]');
    expect(() => new Function('require', script)).not.toThrow();
    // The address policy goes with it: the container has no other copy.
    expect(script).toContain('embeddedIpv4');
  });

  it('runs as written out (the container’s program), with the address policy in it', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    const child = spawn(process.execPath, ['-'], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      child.stdin.end(egressProxyScript({ port: free, allow: [] }));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          if (c.toString('utf8').includes('egress proxy listening')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`proxy exited (${code})`)));
      });
      const proxy = { address: () => ({ port: free }) } as unknown as http.Server;
      expect((await viaProxy(proxy, `[::ffff:127.0.0.1]:${targetPort}`, 'CONNECT')).status).toBe(
        403,
      );
      expect((await viaProxy(proxy, `http://0x7f.1:${targetPort}/`)).status).toBe(403);
    } finally {
      child.kill();
    }
  });
});
