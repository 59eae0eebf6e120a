import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isInternalAddress, normalizeAddress } from './address-policy';

/**
 * How the platform reaches a host a user named (Git repository, S3 endpoint) without being
 * turned against its own network: the host's addresses are checked by the one address policy
 * and the connection is made to the checked addresses only — an IP literal in any spelling, a
 * name's DNS answer (every one of them), each redirect's host in turn. Node's sockets take their
 * address from the `lookup` given here, so what is checked is what is connected to.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A host that leads (or now leads) to an address the policy refuses. */
export class InternalAddressError extends Error {
  constructor(readonly host: string) {
    super(`internal address refused: ${host}`);
    this.name = 'InternalAddressError';
  }
}

/** A name that does not resolve. */
export class UnknownHostError extends Error {
  constructor(
    readonly host: string,
    options?: { cause?: unknown },
  ) {
    super(`unknown host: ${host}`, options);
    this.name = 'UnknownHostError';
  }
}

/** A URL's host without the brackets of an IPv6 literal. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

const familyOf = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);

/**
 * Every address `host` leads to, all allowed (unless `allowPrivate`): an IP literal is read in
 * any spelling, a name is resolved and every answer checked (one internal answer refuses all).
 */
export async function resolveDestination(
  host: string,
  opts: { allowPrivate: boolean },
): Promise<ResolvedAddress[]> {
  const literal = normalizeAddress(host);
  let addresses: ResolvedAddress[];
  if (literal !== null) addresses = [{ address: literal, family: familyOf(literal) }];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => ({
        address: a.address,
        family: a.family === 6 ? 6 : 4,
      }));
    } catch (err) {
      throw new UnknownHostError(host, { cause: err });
    }
    if (addresses.length === 0) throw new UnknownHostError(host);
  }
  if (!opts.allowPrivate && addresses.some((a) => isInternalAddress(a.address)))
    throw new InternalAddressError(host);
  return addresses;
}

/** A lookup answering only `addresses`, checked beforehand: no second DNS answer (rebinding). */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A lookup for agents whose connections are opened later and again (keep-alive pools): each
 * connection's DNS answer is checked when it is made, so a name that resolved to a public
 * address when saved and now resolves inside (DNS rebinding) is refused before any byte is sent,
 * with the error `refuse` makes (the caller's French message).
 */
export function guardedLookup(
  refuse: (host: string) => Error = (host) => new InternalAddressError(host),
) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, answers) => {
      if (err) return callback(err, '', 0);
      const list = answers as LookupAddress[];
      if (list.length === 0 || list.some((a) => isInternalAddress(a.address)))
        return callback(refuse(hostname), '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
