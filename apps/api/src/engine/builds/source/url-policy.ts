import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { SourceError } from '../builder';

/**
 * Which repository addresses the platform reads. HTTPS only, no credentials in the URL (the
 * token has its own field, encrypted), and no host that resolves to a private, loopback or
 * link-local address (SSRF: a user must not make the platform read its own network). The
 * GIT_ALLOW_PRIVATE_HOSTS setting lifts the last two rules for tests and for platforms whose
 * Git server is on their own private network; http:// is then accepted too.
 */
export interface SourcePolicy {
  allowPrivateHosts: boolean;
  /** PEM roots trusted besides the system's (TLS_EXTRA_CA_FILE: a company's own Git server). */
  extraCaFile?: string | undefined;
}

export interface CheckedUrl {
  url: URL;
  /** The address shown to the user: no query, no fragment. */
  display: string;
  /** The addresses the host resolved to, all allowed: connections use these (no DNS rebinding). */
  addresses: { address: string; family: 4 | 6 }[];
}

export function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
}

export async function checkRepositoryUrl(raw: string, policy: SourcePolicy): Promise<CheckedUrl> {
  const invalid = (reason: string) =>
    new SourceError('invalid-url', `L'URL du dépôt « ${raw.trim()} » est invalide : ${reason}`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SourceError(
      'invalid-url',
      `L'URL du dépôt est invalide : une adresse https:// est attendue.`,
    );
  }
  const schemes = policy.allowPrivateHosts ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    throw invalid('seules les adresses https:// sont acceptées.');
  if (url.username || url.password)
    throw new SourceError(
      'invalid-url',
      "L'URL du dépôt ne doit pas contenir d'identifiants : indiquez le token Git dans le champ prévu.",
    );
  if (url.search || url.hash) throw invalid("l'adresse ne doit contenir ni « ? » ni « # ».");
  const display = displayUrl(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: CheckedUrl['addresses'];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => ({
        address: a.address,
        family: a.family as 4 | 6,
      }));
    } catch (err) {
      throw new SourceError(
        'unreachable',
        `Le dépôt ${display} est injoignable : le nom « ${host} » est inconnu.`,
        { cause: err },
      );
    }
  }
  if (!policy.allowPrivateHosts && addresses.some((a) => isPrivateAddress(a.address)))
    throw invalid('cette adresse mène à un réseau privé, que la plateforme ne lit pas.');
  return { url, display, addresses };
}

/** Loopback, private (RFC 1918, ULA), CGNAT, link-local, unspecified, multicast and reserved. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd]/.test(lower) ||
    /^fe[89ab]/.test(lower) ||
    /^ff/.test(lower) ||
    lower.startsWith('64:ff9b:') ||
    lower.startsWith('2001:db8:')
  );
}

/** Git's own rules for a branch name (check-ref-format), enough to refuse what cannot exist. */
export function isValidBranchName(branch: string): boolean {
  return (
    branch.length > 0 &&
    branch.length <= 250 &&
    // eslint-disable-next-line no-control-regex -- Git refuses control characters in ref names
    !/[\x00-\x20~^:?*[\\\x7f]/.test(branch) &&
    !branch.startsWith('/') &&
    !branch.startsWith('-') &&
    !branch.endsWith('/') &&
    !branch.endsWith('.') &&
    !branch.endsWith('.lock') &&
    !branch.includes('..') &&
    !branch.includes('//') &&
    !branch.includes('@{') &&
    !branch.split('/').some((part) => part.startsWith('.'))
  );
}
