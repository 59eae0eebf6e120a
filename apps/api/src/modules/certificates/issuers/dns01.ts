import type { CertificateConfig } from '../../../config';
import { IssuanceError } from './types';
import { issuanceTexts } from '@nuage/shared/messages/certificates';

/** Publishes and removes the `_acme-challenge` TXT records of DNS-01 challenges. */
export interface Dns01Provider {
  present(fqdn: string, value: string): Promise<void>;
  cleanup(fqdn: string, value: string): Promise<void>;
  /** How long the authority should be given to see a new record. */
  readonly propagationMs: number;
}

/**
 * lego's "httpreq" protocol, which many DNS services and small bridges speak: POST
 * {endpoint}/present and {endpoint}/cleanup with {"fqdn": "_acme-challenge.exemple.sn.",
 * "value": "…"}. Credentials in the URL (https://user:pass@…) are sent as Basic auth, since
 * fetch refuses URLs that carry them.
 */
export function httpreqProvider(config: NonNullable<CertificateConfig['dns01']>): Dns01Provider {
  const url = new URL(config.endpoint);
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined;
  url.username = '';
  url.password = '';
  const base = url.toString().replace(/\/+$/, '');
  const post = async (action: 'present' | 'cleanup', fqdn: string, value: string) => {
    let status: number;
    try {
      const res = await fetch(`${base}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ fqdn, value }),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
    } catch (error) {
      throw new IssuanceError(
        issuanceTexts.dnsProviderUnreachable((error as Error).message),
        true,
        { cause: error },
      );
    }
    if (status < 200 || status >= 300) {
      throw new IssuanceError(issuanceTexts.dnsProviderRefused(status), status >= 500);
    }
  };
  return {
    present: (fqdn, value) => post('present', fqdn, value),
    cleanup: (fqdn, value) => post('cleanup', fqdn, value),
    propagationMs: config.propagationSeconds * 1000,
  };
}
