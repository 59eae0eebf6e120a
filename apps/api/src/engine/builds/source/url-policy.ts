import { repositoryTexts } from '@nuage/shared/repository-texts';
import {
  bareHost,
  resolveDestination,
  type ResolvedAddress,
} from '../../../lib/network/guarded-lookup';
import { SourceError } from '../builder';
import { sourceTexts } from '@nuage/shared/messages/repository-source';

/**
 * Which repository addresses the platform reads. HTTPS only, no credentials in the URL (the
 * token has its own field, encrypted), and no host that leads to an address the platform's
 * one address policy refuses (lib/network/address-policy.ts: private, loopback, link-local…,
 * in every spelling, IPv4-mapped and NAT64 included): a user must not make the platform read
 * its own network. The GIT_ALLOW_PRIVATE_HOSTS setting lifts the last two rules for tests and
 * for platforms whose Git server is on their own private network; http:// is then accepted too.
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
  addresses: ResolvedAddress[];
}

export function displayUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
}

/**
 * The one error of a repository the platform may not or cannot reach (see repositoryTexts):
 * the precise reason stays in `cause`, for the server's log only.
 */
export function unreachableRepository(
  display: string,
  policy: SourcePolicy,
  cause?: unknown,
): SourceError {
  return new SourceError(
    'unreachable',
    repositoryTexts.unreachable(display, !policy.allowPrivateHosts),
    { cause },
  );
}

export async function checkRepositoryUrl(raw: string, policy: SourcePolicy): Promise<CheckedUrl> {
  const invalid = (reason: string) =>
    new SourceError('invalid-url', sourceTexts.urlInvalid(raw.trim(), reason));
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SourceError('invalid-url', sourceTexts.urlNotHttps);
  }
  const schemes = policy.allowPrivateHosts ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw invalid(sourceTexts.httpsOnly);
  if (url.username || url.password)
    throw new SourceError('invalid-url', sourceTexts.urlWithCredentials);
  if (url.search || url.hash) throw invalid(sourceTexts.urlWithQuery);
  const display = displayUrl(url);
  try {
    const addresses = await resolveDestination(bareHost(url), {
      allowPrivate: policy.allowPrivateHosts,
    });
    return { url, display, addresses };
  } catch (err) {
    throw unreachableRepository(display, policy, err);
  }
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
