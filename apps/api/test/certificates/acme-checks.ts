import * as acme from 'acme-client';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { AcmeProblem, randomId } from './acme-jws';

/** The test authority's state and the checks it makes (RFC 8555 §7.4, §8.3, §8.4). */

export type Status = 'pending' | 'processing' | 'ready' | 'valid' | 'invalid';
export interface Challenge {
  id: string;
  type: 'http-01' | 'dns-01';
  token: string;
  status: Status;
  error?: object;
  authzId: string;
}
export interface Authz {
  id: string;
  domain: string;
  wildcard: boolean;
  status: Status;
  challenges: Challenge[];
  accountKid: string;
}
export interface Order {
  id: string;
  status: Status;
  names: string[];
  authzIds: string[];
  certId?: string;
  accountKid: string;
}

export interface Fetch {
  url: string;
  host: string;
  status: number;
  body: string;
}

/** HTTP-01: what the authority fetches, from the platform's port, with the name as Host. */
export function fetchHttp01(port: number, host: string, token: string): Promise<Fetch> {
  const path = `/.well-known/acme-challenge/${token}`;
  const url = `http://${host}${path}`;
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { Host: host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          url,
          host,
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.on('error', (error) => resolve({ url, host, status: 0, body: error.message }));
  });
}

/** DNS-01: the TXT value is the base64url SHA-256 of the key authorization. */
export const dns01Value = (keyAuthorization: string) =>
  createHash('sha256').update(keyAuthorization).digest('base64url');

/** The finalize payload's CSR as PEM, refused unless it names exactly the order's names. */
export function csrFromPayload(payload: Record<string, unknown> | null, names: string[]): string {
  const der = Buffer.from(String(payload?.csr ?? ''), 'base64url');
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  const csrPem = `-----BEGIN CERTIFICATE REQUEST-----\n${lines.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`;
  const { commonName, altNames } = acme.crypto.readCsrDomains(csrPem);
  const asked = new Set([commonName, ...altNames].filter(Boolean));
  if (asked.size !== names.length || !names.every((n) => asked.has(n))) {
    throw new AcmeProblem(400, 'badCSR', `CSR names ${[...asked].join(',')} differ from the order`);
  }
  return csrPem;
}

/** A new order, one authorization per name; a wildcard name only offers DNS-01 (RFC 8555 §7.1.3). */
export function newOrderOf(kid: string, names: string[]): { order: Order; authzs: Authz[] } {
  const authzs = names.map((name): Authz => {
    const id = randomId();
    const wildcard = name.startsWith('*.');
    const types = wildcard ? (['dns-01'] as const) : (['http-01', 'dns-01'] as const);
    const challenges = types.map((type): Challenge => ({
      id: randomId(),
      type,
      token: randomBytes(16).toString('base64url'),
      status: 'pending',
      authzId: id,
    }));
    const domain = name.replace(/^\*\./, '');
    return { id, domain, wildcard, status: 'pending', challenges, accountKid: kid };
  });
  const order: Order = {
    id: randomId(),
    status: 'pending',
    names,
    authzIds: authzs.map((a) => a.id),
    accountKid: kid,
  };
  return { order, authzs };
}

export const orderView = (base: string, o: Order) => ({
  status: o.status,
  identifiers: o.names.map((value) => ({ type: 'dns', value })),
  authorizations: o.authzIds.map((id) => `${base}/authz/${id}`),
  finalize: `${base}/order/${o.id}/finalize`,
  ...(o.certId ? { certificate: `${base}/cert/${o.certId}` } : {}),
});

export const challengeView = (base: string, c: Challenge) => ({
  type: c.type,
  url: `${base}/chall/${c.id}`,
  token: c.token,
  status: c.status,
  ...(c.error ? { error: c.error } : {}),
});

export const authzView = (base: string, a: Authz) => ({
  identifier: { type: 'dns', value: a.domain },
  status: a.status,
  ...(a.wildcard ? { wildcard: true } : {}),
  challenges: a.challenges.map((c) => challengeView(base, c)),
});
