import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import { rootCertificates } from 'node:tls';
import type * as acme from 'acme-client';

/**
 * TLS_EXTRA_CA_FILE for the platform's ACME client: a private ACME authority (or Pebble in
 * tests) serves its directory over HTTPS with a certificate from a company root, which the
 * edge proxy trusts through the same setting. Node's own roots (and NODE_EXTRA_CA_CERTS) stay
 * trusted: an explicit `ca` replaces Node's default list, so they are listed again.
 */
export function acmeHttpsAgent(extraCaFile: string | undefined): https.Agent | undefined {
  if (!extraCaFile) return undefined;
  const nodeExtra = process.env.NODE_EXTRA_CA_CERTS;
  const ca = [
    ...rootCertificates,
    readFileSync(extraCaFile, 'utf8'),
    ...(nodeExtra ? [readOptional(nodeExtra)] : []),
  ].filter((pem) => pem !== '');
  return new https.Agent({ ca, keepAlive: true });
}

function readOptional(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS
  }
}

interface AcmeHttp {
  request(url: string, method: string, opts?: Record<string, unknown>): Promise<unknown>;
}

/** acme-client's own axios (the copy it resolves), for its plain HTTP adapter. */
const axiosOfAcme = createRequire(createRequire(import.meta.url).resolve('acme-client'))(
  'axios',
) as { getAdapter(name: string): (config: unknown) => Promise<unknown> };

/**
 * A request that got no answer (refused, reset, a TLS certificate not trusted) reaches the
 * caller with its own code and message. acme-client would retry it for over a minute and then
 * fail on its own bug ("Cannot read properties of undefined (reading 'config')"), hiding why;
 * an error without `config` is passed through by its interceptor. The certificate worker
 * retries network failures itself.
 */
async function answeredOrOwnError(config: unknown): Promise<unknown> {
  try {
    return await axiosOfAcme.getAdapter('http')(config);
  } catch (error) {
    const e = error as { response?: unknown; config?: unknown } | null;
    if (e && typeof e === 'object' && !e.response) delete e.config;
    throw error;
  }
}

/**
 * Every request of this client (directory, nonces, orders, certificate download) goes through
 * `agent` when given, and keeps its own error when unanswered. acme-client (5.x) has no option
 * for either: its one axios instance is shared by every client of the process, so both are set
 * on this client's own HTTP layer, not globally.
 */
export function configureAcmeHttp(
  client: acme.Client,
  agent: https.Agent | undefined,
): acme.Client {
  const http = (client as unknown as { http?: AcmeHttp }).http;
  if (!http || typeof http.request !== 'function')
    throw new Error(
      'acme-client: unexpected client shape (its HTTP layer could not be configured)',
    );
  const request = http.request.bind(http);
  http.request = (url, method, opts = {}) =>
    request(url, method, {
      ...opts,
      adapter: answeredOrOwnError,
      ...(agent ? { httpsAgent: agent } : {}),
    });
  return client;
}
