import { normalizeAddress } from '../../../lib/network/address-policy';
import { bareHost } from '../../../lib/network/guarded-lookup';
import type { CheckedUrl } from './url-policy';

/**
 * The repository as a `git` process must reach it, once the address policy checked it: the URL
 * after the redirects the platform followed (git follows none), and curl's `--resolve` entry
 * (`http.curloptResolve`) that pins the host to the checked addresses, so git never asks DNS
 * again (rebinding). An IP literal needs no entry: it was checked as it is connected to.
 */
export interface PinnedSource {
  url: string;
  resolve: string | null;
}

export function pinnedSource(checked: CheckedUrl): PinnedSource {
  const host = bareHost(checked.url);
  const port = checked.url.port || (checked.url.protocol === 'https:' ? '443' : '80');
  const addresses = checked.addresses.map((a) => (a.family === 6 ? `[${a.address}]` : a.address));
  return {
    url: checked.url.href,
    resolve: normalizeAddress(host) === null ? `${host}:${port}:${addresses.join(',')}` : null,
  };
}
