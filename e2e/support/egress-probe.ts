import os from 'node:os';

/**
 * What a Dockerfile's RUN step can reach, for the tests of the builds' network policy
 * (apps/api/src/engine/builds/docker/docker-builder.test.ts, e2e/code-deploy.test.ts): `PROBE`
 * is a Node.js script printing one `key=result` line per way out.
 */

/** This host's own address on its network (a private one: 192.0.2.2 in the CI sandbox). */
export function hostAddress(): string {
  for (const [name, addresses] of Object.entries(os.networkInterfaces())) {
    if (/^(lo|podman|cni|docker|veth|br-)/.test(name)) continue;
    const v4 = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (v4) return v4.address;
  }
  throw new Error('no host address');
}

/** Run inside a RUN step: each way out, one `key=result` line. */
export const PROBE = (host: string, privatePort: number, allowedPort: number) => `
const net = require('net');
const http = require('http');
const proxy = new URL(process.env.HTTP_PROXY);
const direct = (host, port) => new Promise((done) => {
  const s = net.connect({ host, port, timeout: 3000 });
  s.on('connect', () => { s.destroy(); done('reached'); });
  s.on('timeout', () => { s.destroy(); done('blocked'); });
  s.on('error', () => done('blocked'));
});
const viaProxy = (url, method = 'GET') => new Promise((done) => {
  const req = http.request({ host: proxy.hostname, port: proxy.port, method, path: url, timeout: 5000 });
  req.on('response', (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => done(res.statusCode + ' ' + b.trim())); });
  req.on('connect', (res, socket) => { socket.destroy(); done(String(res.statusCode)); });
  req.on('timeout', () => req.destroy(new Error('timeout')));
  req.on('error', (e) => done('error ' + e.message));
  req.end();
});
(async () => {
  console.log('direct-private=' + (await direct('${host}', ${privatePort})));
  console.log('direct-allowed=' + (await direct('${host}', ${allowedPort})));
  console.log('direct-metadata=' + (await direct('169.254.169.254', 80)));
  console.log('proxy-private=' + (await viaProxy('http://${host}:${privatePort}/')));
  console.log('proxy-metadata=' + (await viaProxy('http://169.254.169.254/latest/meta-data/')));
  console.log('tunnel-private=' + (await viaProxy('${host}:${privatePort}', 'CONNECT')));
  console.log('tunnel-metadata=' + (await viaProxy('169.254.169.254:443', 'CONNECT')));
  console.log('proxy-allowed=' + (await viaProxy('http://${host}:${allowedPort}/')));
})();
`;
