import { Resolver } from 'node:dns/promises';

/** The lookups the DNS check makes; tests pass a fake, the server the system's resolver. */
export interface DnsResolver {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  resolveCname(host: string): Promise<string[]>;
  /** Each TXT record as its character strings (joined, they are the record's text). */
  resolveTxt(host: string): Promise<string[][]>;
}

/** The system's DNS servers (or DNS_SERVERS), one try per query, each bounded by `timeoutMs`. */
export function systemResolver(timeoutMs: number, servers: string[] = []): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/** Node's codes for "this name has no such record" and "this name does not exist". */
export const NO_DATA = 'ENODATA';
export const NOT_FOUND = 'ENOTFOUND';
export const TIMEOUT = 'ETIMEOUT';

export const codeOf = (err: unknown) => (err as { code?: string } | null)?.code ?? 'UNKNOWN';
