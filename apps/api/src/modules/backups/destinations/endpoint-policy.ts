import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { isIP } from 'node:net';
import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { isPrivateAddress } from '../../../engine/builds/source/url-policy';
import { FieldValidationError } from '../../../lib/errors';

/**
 * Which S3 endpoints the platform connects to (SSRF): a project admin types the address, the
 * platform then sends requests there. http(s) only, no credentials in the URL, and no host
 * that resolves to a loopback, private (RFC 1918, unique-local), link-local (169.254/16: the
 * cloud metadata service) or otherwise internal address, unless the operator allows private
 * endpoints (S3_ALLOW_PRIVATE_ENDPOINTS: self-hosted MinIO on a LAN, the tests' s3rver).
 * The check runs when the address is saved and again on every connection (DNS rebinding).
 */

const endpointIssue = (msg: string) =>
  new FieldValidationError([{ loc: ['body', 'endpoint'], msg, type: 'endpoint' }]);

/**
 * isPrivateAddress, plus the IPv6 spellings of IPv4 that URL parsing produces
 * (`[::ffff:127.0.0.1]` becomes `::ffff:7f00:1`): every address beginning with `::` embeds an
 * IPv4 address or is reserved, none is a public storage.
 */
export function isInternalAddress(address: string): boolean {
  if (isIP(address) === 6 && address.startsWith('::') && address !== '::') return true;
  return isPrivateAddress(address);
}

/** The endpoint's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Checked when an admin saves the destination: every resolved address must be public. */
export async function checkS3Endpoint(raw: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw endpointIssue(t.endpointInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw endpointIssue(t.endpointInvalid);
  if (url.username || url.password) throw endpointIssue(t.endpointCredentials);
  if (allowPrivate) return;
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw endpointIssue(t.endpointUnknownHost(host));
    }
  }
  if (addresses.length === 0 || addresses.some(isInternalAddress)) {
    throw endpointIssue(t.endpointPrivate(host));
  }
}

/** Refused at connection time: the storage's name now leads somewhere internal. */
export class PrivateEndpointError extends Error {
  constructor(host: string) {
    super(t.endpointPrivate(host));
    this.name = 'PrivateEndpointError';
  }
}

/**
 * Node resolves the name when it opens each connection; this lookup refuses the connection when
 * any address it got is internal, so a name that was public when saved and now resolves to
 * 169.254.169.254 (rebinding) never receives the signed request.
 */
type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => isInternalAddress(a.address))) {
      return callback(new PrivateEndpointError(hostname), '', 0);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

/**
 * The request handler options of the S3 client. With private endpoints allowed, Node's own
 * agents; otherwise agents whose every connection goes through guardedLookup. An IP literal is
 * never looked up by Node, so it is checked here, when the client is made.
 */
export function endpointAgents(endpoint: string, allowPrivate: boolean) {
  if (allowPrivate) return undefined;
  const host = hostOf(new URL(endpoint));
  if (isIP(host) && isInternalAddress(host)) throw new PrivateEndpointError(host);
  return {
    httpAgent: new HttpAgent({ keepAlive: true, lookup: guardedLookup }),
    httpsAgent: new HttpsAgent({ keepAlive: true, lookup: guardedLookup }),
  };
}
