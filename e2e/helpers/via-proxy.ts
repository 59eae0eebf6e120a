import http from 'node:http';

/**
 * One GET to the edge proxy on loopback, at the application URL's port, with that URL's host
 * (`<label>.localhost:<port>`) as Host, as a browser sends it; a new connection each time.
 */
export function viaProxy(url: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: Number(u.port || 80),
        path: `${u.pathname}${u.search}`,
        headers: { host: u.host },
        agent: false,
        timeout: 15_000,
      },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer`)));
    req.on('error', reject);
  });
}
