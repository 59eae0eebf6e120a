import type dnsModule from 'node:dns';
import type httpModule from 'node:http';
import type netModule from 'node:net';
import { createAddressPolicy, type AddressPolicy } from '../../../lib/network/address-policy';

export interface EgressProxyConfig {
  port: number;
  /** Private destinations let through anyway: `address` or `address:port` (IPv6 in brackets). */
  allow: string[];
}

/**
 * The egress proxy of builds: an HTTP proxy (plain requests and CONNECT tunnels) that reaches
 * public addresses only. A name is resolved here and every address it gives must be public
 * (no rebinding to a private one); what the platform's one address policy refuses (loopback,
 * private, CGNAT, link-local — the cloud metadata endpoint 169.254.169.254 —, reserved,
 * multicast, in every spelling: `0x7f.1`, `::ffff:127.0.0.1`, NAT64, 6to4…) is refused with a
 * 403, unless listed in `allow`.
 *
 * It runs in its own container (build-egress.ts), where this function is written out with
 * `toString()`: it uses nothing but its arguments and the language, the modules and the address
 * policy (lib/network/address-policy.ts, written out the same way) being passed in.
 */
export function runEgressProxy(
  net: typeof netModule,
  http: typeof httpModule,
  dns: typeof dnsModule,
  config: EgressProxyConfig,
  addresses: AddressPolicy,
): httpModule.Server {
  const allowed = new Set(config.allow.map((a) => a.toLowerCase()));

  function permitted(address: string, port: number): boolean {
    const canonical = addresses.normalize(address) ?? address;
    const shown = canonical.includes(':') ? `[${canonical}]` : canonical;
    return allowed.has(shown) || allowed.has(`${shown}:${port}`) || !addresses.isInternal(address);
  }

  /** The one address to connect to, or why not. */
  async function destination(host: string, port: number): Promise<string> {
    const bare = host.replace(/^\[|\]$/g, '');
    if (!bare || !(port > 0 && port < 65536)) throw new Error('destination invalide');
    // An address in any spelling is read as one (`0x7f.1` is loopback), never sent to DNS.
    const literal = addresses.normalize(bare);
    const found =
      literal !== null
        ? [literal]
        : (await dns.promises.lookup(bare, { all: true })).map((a) => a.address);
    if (found.length === 0 || !found.every((a) => permitted(a, port)))
      throw new Error(`destination refusée (réseau privé) : ${host}:${port}`);
    return found[0]!;
  }

  function refuse(socket: netModule.Socket, reason: string) {
    socket.end(
      `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${reason}\n`,
    );
  }

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('absolute http:// URL expected');
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('requête de proxy invalide\n');
      return;
    }
    const port = Number(target.port || 80);
    destination(target.hostname, port).then(
      (address) => {
        const headers = { ...req.headers };
        delete headers['proxy-authorization'];
        delete headers['proxy-connection'];
        const upstream = http.request(
          {
            host: address,
            port,
            method: req.method,
            path: `${target.pathname}${target.search}`,
            headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
        req.pipe(upstream);
      },
      (err: Error) => {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`${err.message}\n`);
      },
    );
  });

  server.on(
    'connect',
    (req: httpModule.IncomingMessage, client: netModule.Socket, head: Buffer) => {
      client.on('error', () => client.destroy());
      const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(req.url ?? '');
      if (!match) return refuse(client, 'destination invalide');
      const port = Number(match[2]);
      destination(match[1]!, port).then(
        (address) => {
          let connected = false;
          const upstream = net.connect({ host: address, port }, () => {
            connected = true;
            client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
            if (head.length) upstream.write(head);
            upstream.pipe(client);
            client.pipe(upstream);
          });
          upstream.on('error', () => {
            if (!connected && client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
            else client.destroy();
          });
          client.on('close', () => upstream.destroy());
        },
        (err: Error) => refuse(client, err.message),
      );
    },
  );

  // The exact words build-egress.ts waits for (EGRESS_PROXY_READY).
  server.listen(config.port, '0.0.0.0', () => console.log('egress proxy listening'));
  return server;
}

/** The proxy container's whole program (`node <file>`). */
export function egressProxyScript(config: EgressProxyConfig): string {
  // `__name`: what a transpiler keeping function names (tsx, esbuild's keepNames) calls.
  return `'use strict';\nconst __name = (target) => target;\n(${runEgressProxy.toString()})(require('node:net'), require('node:http'), require('node:dns'), ${JSON.stringify(config)}, (${createAddressPolicy.toString()})());\n`;
}
