import type { X509Certificate } from 'node:crypto';
import type { EdgeProxy } from './edge-proxy';
import { issuanceFailures, type IssuanceFailure } from './issuance-log';
import { probeAddress, servedChain } from './served-certificate';

/** What the edge proxy really does for one host name it orders a certificate for by ACME. */
export interface HostCertificate {
  /** The chain presented to a browser asking for the host (leaf first), null when none. */
  chain: X509Certificate[] | null;
  /** Its last failed ACME attempt not followed by a success. */
  failure: IssuanceFailure | null;
}

/** Enough of the proxy's log to hold the last attempts of every host (a few lines each). */
const LOG_LINES = 5_000;

/** The served chain (TLS handshake with SNI) and the proxy's issuance log, for each host. */
export async function observeHosts(
  proxy: EdgeProxy,
  hosts: string[],
): Promise<Map<string, HostCertificate>> {
  const failures = issuanceFailures(await proxy.logTail(LOG_LINES));
  const address = probeAddress(proxy.opts.listenHost, proxy.opts.httpsPort);
  const result = new Map<string, HostCertificate>();
  for (const host of new Set(hosts.map((h) => h.toLowerCase()))) {
    result.set(host, {
      chain: await servedChain(address, host),
      failure: failures.get(host) ?? null,
    });
  }
  return result;
}
