import type { JsonWebKey, KeyObject } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  authzView,
  challengeView,
  csrFromPayload,
  dns01Value,
  fetchHttp01,
  newOrderOf,
  orderView,
  type Authz,
  type Challenge,
  type Fetch,
  type Order,
} from './acme-checks';
import { AcmeProblem, randomId, thumbprint, verifyJws, type VerifiedRequest } from './acme-jws';
import { DAY, signCsr, type Issued } from './pki';

/**
 * A small ACME authority (RFC 8555) for tests: directory, newNonce (Replay-Nonce on every
 * answer, badNonce on reuse), newAccount, newOrder, authorizations with http-01 and dns-01
 * challenges that it really validates — http-01 by fetching
 * http://<name>/.well-known/acme-challenge/<token> from the platform's listening port with the
 * name as Host, dns-01 from the TXT records the test publishes — finalize with the CSR, and a
 * certificate signed by the test authority with the openssl CLI.
 */

export interface AcmeServerOptions {
  /** The authority that signs (an intermediate), and the chain served after the leaf. */
  signer: Issued;
  chainPem: string;
  /** Where a name's HTTP server is (the platform, for every name). */
  httpPort: () => number;
  /** DNS TXT records by FQDN (DNS-01). */
  txt?: (fqdn: string) => string[];
  /** Serve the ACME API over HTTPS with this certificate (a private authority's directory). */
  tls?: Issued;
}

export class TestAcmeServer {
  private readonly server: http.Server;
  private readonly nonces = new Set<string>();
  private readonly accounts = new Map<
    string,
    { key: KeyObject; jwk: JsonWebKey; contact: unknown }
  >();
  private readonly authzs = new Map<string, Authz>();
  private readonly challenges = new Map<string, Challenge>();
  readonly orders = new Map<string, Order>();
  private readonly certs = new Map<string, string>();
  /** Every HTTP-01 fetch the authority made, for the tests to see. */
  readonly fetches: Fetch[] = [];
  /** Validity of the next certificates, in order; the default is 90 days from now. */
  readonly validity: { start: Date; end: Date }[] = [];

  constructor(private readonly opts: AcmeServerOptions) {
    const handler: http.RequestListener = (req, res) => void this.handle(req, res);
    this.server = opts.tls
      ? https.createServer({ cert: opts.tls.certPem, key: opts.tls.keyPem }, handler)
      : http.createServer(handler);
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.directoryUrl;
  }

  get base(): string {
    const scheme = this.opts.tls ? 'https' : 'http';
    return `${scheme}://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get directoryUrl(): string {
    return `${this.base}/directory`;
  }

  get accountCount(): number {
    return this.accounts.size;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nonce(): string {
    const n = randomId();
    this.nonces.add(n);
    return n;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '/';
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'Replay-Nonce': this.nonce(),
        'Cache-Control': 'no-store',
        Link: `<${this.directoryUrl}>;rel="index"`,
        'Content-Type':
          typeof body === 'string' ? 'application/pem-certificate-chain' : 'application/json',
        ...headers,
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    try {
      if (path === '/directory') return send(200, this.directory());
      if (path === '/new-nonce') return send(req.method === 'HEAD' ? 200 : 204, '');
      if (req.method !== 'POST') throw new AcmeProblem(405, 'malformed', 'POST expected');
      const request = verifyJws(
        JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
        (kid) => this.accounts.get(kid)?.key,
      );
      if (!this.nonces.delete(request.nonce))
        throw new AcmeProblem(400, 'badNonce', 'nonce unknown or already used');
      if (request.url !== `${this.base}${path}`)
        throw new AcmeProblem(401, 'unauthorized', 'url header does not match');
      const answer = await this.route(path, request);
      return send(answer.status, answer.body, answer.headers);
    } catch (error) {
      const p =
        error instanceof AcmeProblem
          ? error
          : new AcmeProblem(500, 'serverInternal', String(error));
      res.writeHead(p.status, {
        'Content-Type': 'application/problem+json',
        'Replay-Nonce': this.nonce(),
      });
      res.end(
        JSON.stringify({
          type: `urn:ietf:params:acme:error:${p.type}`,
          detail: p.message,
          status: p.status,
        }),
      );
    }
  }

  private directory() {
    const u = (p: string) => `${this.base}${p}`;
    return {
      newNonce: u('/new-nonce'),
      newAccount: u('/new-account'),
      newOrder: u('/new-order'),
      revokeCert: u('/revoke'),
      keyChange: u('/key-change'),
      meta: { termsOfService: u('/cgu') },
    };
  }

  private async route(
    path: string,
    r: VerifiedRequest,
  ): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const [, kind, id, action] = path.split('/');
    if (kind === 'new-account') return this.newAccount(r);
    const kid = r.kid;
    if (!kid) throw new AcmeProblem(400, 'malformed', 'kid expected');
    if (kind === 'acct')
      return { status: 200, body: { status: 'valid', contact: this.accounts.get(kid)!.contact } };
    if (kind === 'new-order') return this.newOrder(kid, r.payload);
    if (kind === 'authz')
      return { status: 200, body: authzView(this.base, this.found(this.authzs, id)) };
    if (kind === 'chall') return this.respondChallenge(this.found(this.challenges, id));
    if (kind === 'order' && action === 'finalize')
      return this.finalize(this.found(this.orders, id), r.payload);
    if (kind === 'order')
      return { status: 200, body: orderView(this.base, this.found(this.orders, id)) };
    if (kind === 'cert') return { status: 200, body: this.found(this.certs, id) };
    throw new AcmeProblem(404, 'malformed', `no resource ${path}`);
  }

  private found<T>(map: Map<string, T>, id: string | undefined): T {
    const value = id === undefined ? undefined : map.get(id);
    if (value === undefined) throw new AcmeProblem(404, 'malformed', 'not found');
    return value;
  }

  private newAccount(r: VerifiedRequest) {
    if (!r.jwk) throw new AcmeProblem(400, 'malformed', 'newAccount is signed with jwk');
    const existing = [...this.accounts.entries()].find(
      ([, a]) => thumbprint(a.jwk) === thumbprint(r.jwk!),
    );
    if (existing)
      return { status: 200, body: { status: 'valid' }, headers: { Location: existing[0] } };
    if (r.payload?.termsOfServiceAgreed !== true)
      throw new AcmeProblem(403, 'userActionRequired', 'terms of service not agreed');
    const url = `${this.base}/acct/${randomId()}`;
    this.accounts.set(url, { key: r.key, jwk: r.jwk, contact: r.payload.contact });
    return {
      status: 201,
      body: { status: 'valid', contact: r.payload.contact },
      headers: { Location: url },
    };
  }

  private newOrder(kid: string, payload: Record<string, unknown> | null) {
    const identifiers = (payload?.identifiers ?? []) as { type: string; value: string }[];
    if (identifiers.length === 0) throw new AcmeProblem(400, 'malformed', 'no identifiers');
    const { order, authzs } = newOrderOf(
      kid,
      identifiers.map((i) => i.value),
    );
    for (const authz of authzs) {
      this.authzs.set(authz.id, authz);
      for (const challenge of authz.challenges) this.challenges.set(challenge.id, challenge);
    }
    this.orders.set(order.id, order);
    return {
      status: 201,
      body: orderView(this.base, order),
      headers: { Location: `${this.base}/order/${order.id}` },
    };
  }

  /** Accepts the answer, then validates in the background as a real authority does. */
  private respondChallenge(c: Challenge) {
    if (c.status === 'pending') {
      c.status = 'processing';
      void this.validate(c);
    }
    return { status: 200, body: challengeView(this.base, c) };
  }

  private async validate(c: Challenge) {
    const authz = this.authzs.get(c.authzId)!;
    const keyAuthorization = `${c.token}.${thumbprint(this.accounts.get(authz.accountKid)!.jwk)}`;
    let problem: string | null = null;
    if (c.type === 'http-01') {
      const fetched = await fetchHttp01(this.opts.httpPort(), authz.domain, c.token);
      this.fetches.push(fetched);
      if (fetched.status !== 200 || fetched.body.trim() !== keyAuthorization) {
        problem = `Invalid response from ${fetched.url}: ${fetched.status}`;
      }
    } else {
      const expected = dns01Value(keyAuthorization);
      const fqdn = `_acme-challenge.${authz.domain}.`;
      if (!(this.opts.txt?.(fqdn) ?? []).includes(expected))
        problem = `No TXT record ${expected} found at ${fqdn}`;
    }
    c.status = problem ? 'invalid' : 'valid';
    if (problem)
      c.error = { type: 'urn:ietf:params:acme:error:unauthorized', detail: problem, status: 403 };
    authz.status = c.status;
    for (const order of this.orders.values()) {
      if (!order.authzIds.includes(authz.id) || order.status !== 'pending') continue;
      const states = order.authzIds.map((id) => this.authzs.get(id)!.status);
      if (states.includes('invalid')) order.status = 'invalid';
      else if (states.every((s) => s === 'valid')) order.status = 'ready';
    }
  }

  private finalize(order: Order, payload: Record<string, unknown> | null) {
    if (order.status !== 'ready')
      throw new AcmeProblem(403, 'orderNotReady', `order is ${order.status}`);
    const csrPem = csrFromPayload(payload, order.names);
    const validity = this.validity.shift() ?? {
      start: new Date(Date.now() - 60_000),
      end: new Date(Date.now() + 90 * DAY),
    };
    const leaf = signCsr(csrPem, { issuer: this.opts.signer, names: order.names, ...validity });
    order.certId = randomId();
    this.certs.set(order.certId, leaf + this.opts.chainPem);
    order.status = 'valid';
    return { status: 200, body: orderView(this.base, order) };
  }
}
