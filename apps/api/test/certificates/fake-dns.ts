import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A DNS provider's HTTP bridge speaking lego's "httpreq" protocol: POST /present and /cleanup
 * with {fqdn, value}, Basic auth required. The TXT records it holds are what the test ACME
 * authority reads for DNS-01.
 */
export class FakeDnsApi {
  readonly records = new Map<string, Set<string>>();
  readonly calls: {
    action: string;
    fqdn: string;
    value: string;
    authorization: string | undefined;
  }[] = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  constructor(private readonly credentials = 'dns:secret-dns') {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const [user, password] = this.credentials.split(':');
    return `http://${user}:${password}@127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  txt(fqdn: string): string[] {
    return [...(this.records.get(fqdn) ?? [])];
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const action = (req.url ?? '').replace(/^\//, '');
    const { fqdn, value } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
      fqdn: string;
      value: string;
    };
    this.calls.push({ action, fqdn, value, authorization: req.headers.authorization });
    if (req.headers.authorization !== `Basic ${Buffer.from(this.credentials).toString('base64')}`) {
      res.writeHead(401).end();
      return;
    }
    const set = this.records.get(fqdn) ?? new Set<string>();
    if (action === 'present') set.add(value);
    else if (action === 'cleanup') set.delete(value);
    else return void res.writeHead(404).end();
    this.records.set(fqdn, set);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }
}
