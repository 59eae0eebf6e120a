import net from 'node:net';

/**
 * A SOCKS5 proxy (no authentication, CONNECT only) on a unix socket: the way out of the network
 * namespace Chromium runs in (browser.ts). It only opens the TCP connection the browser asked
 * for and copies bytes both ways, so HTTP, cookies, WebSockets and TLS stay the browser's own.
 */
export async function startSocksRelay(socketPath: string): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffered = Buffer.alloc(0);
    let greeted = false;
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!greeted) {
        // VER NMETHODS METHODS…: answer "no authentication".
        if (buffered.length < 2 || buffered.length < 2 + buffered[1]!) return;
        buffered = buffered.subarray(2 + buffered[1]!);
        greeted = true;
        client.write(Buffer.from([5, 0]));
      }
      const target = parseConnect(buffered);
      if (target === 'incomplete') return;
      client.off('data', onData);
      if (target === 'unsupported') {
        client.end(reply(7));
        return;
      }
      const upstream = net.connect(target.port, target.host, () => {
        client.write(reply(0));
        if (target.rest.length) upstream.write(target.rest);
        client.pipe(upstream).pipe(client);
      });
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => {
        if (!client.destroyed) client.end(reply(5));
        upstream.destroy();
      });
      client.on('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** SOCKS5 reply with status `code` (0 success, 5 refused, 7 unsupported command). */
const reply = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);

/** The CONNECT request at the start of `b`: VER CMD RSV ATYP DST.ADDR DST.PORT. */
function parseConnect(
  b: Buffer,
): { host: string; port: number; rest: Buffer } | 'incomplete' | 'unsupported' {
  if (b.length < 5) return 'incomplete';
  if (b[0] !== 5 || b[1] !== 1) return 'unsupported';
  let host: string;
  let end: number;
  switch (b[3]) {
    case 1:
      end = 4 + 4;
      if (b.length < end + 2) return 'incomplete';
      host = [...b.subarray(4, end)].join('.');
      break;
    case 3:
      end = 5 + b[4]!;
      if (b.length < end + 2) return 'incomplete';
      host = b.subarray(5, end).toString('latin1');
      // The browser resolves these to loopback itself (RFC 6761); so does its proxy.
      if (host === 'localhost' || host.endsWith('.localhost')) host = '127.0.0.1';
      break;
    case 4: {
      end = 4 + 16;
      if (b.length < end + 2) return 'incomplete';
      const words = [];
      for (let i = 4; i < end; i += 2) words.push(b.readUInt16BE(i).toString(16));
      host = words.join(':');
      break;
    }
    default:
      return 'unsupported';
  }
  return { host, port: b.readUInt16BE(end), rest: b.subarray(end + 2) };
}
