import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { backupTexts as t } from '@nuage/shared/schemas/backups';
import { FieldValidationError } from '../../../lib/errors';
import { isInternalAddress, normalizeAddress } from '../../../lib/network/address-policy';
import {
  bareHost,
  guardedLookup,
  InternalAddressError,
  resolveDestination,
} from '../../../lib/network/guarded-lookup';

/**
 * Which S3 endpoints the platform connects to (SSRF): a project admin types the address, the
 * platform then sends requests there. http(s) only, no credentials in the URL, and no host
 * that resolves to an address the platform's one address policy refuses (lib/network: loopback,
 * private, link-local — the cloud metadata service —, and their IPv6 spellings), unless the
 * operator allows private endpoints (S3_ALLOW_PRIVATE_ENDPOINTS: self-hosted MinIO on a LAN,
 * the tests' s3rver). The check runs when the address is saved and again on every connection
 * (DNS rebinding).
 */

const endpointIssue = (msg: string) =>
  new FieldValidationError([{ loc: ['body', 'endpoint'], msg, type: 'endpoint' }]);

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
  const host = bareHost(url);
  try {
    await resolveDestination(host, { allowPrivate: false });
  } catch (err) {
    if (err instanceof InternalAddressError) throw endpointIssue(t.endpointPrivate(host));
    throw endpointIssue(t.endpointUnknownHost(host));
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
 * The request handler options of the S3 client. With private endpoints allowed, Node's own
 * agents; otherwise agents whose every connection's DNS answer is checked (guardedLookup). An
 * IP literal is never looked up by Node, so it is checked here, when the client is made.
 */
export function endpointAgents(endpoint: string, allowPrivate: boolean) {
  if (allowPrivate) return undefined;
  const host = bareHost(new URL(endpoint));
  if (normalizeAddress(host) !== null && isInternalAddress(host))
    throw new PrivateEndpointError(host);
  const lookup = guardedLookup((name) => new PrivateEndpointError(name));
  return {
    httpAgent: new HttpAgent({ keepAlive: true, lookup }),
    httpsAgent: new HttpsAgent({ keepAlive: true, lookup }),
  };
}
