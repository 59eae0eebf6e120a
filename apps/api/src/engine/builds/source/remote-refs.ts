import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { LookupFunction } from 'node:net';
import { SourceError } from '../builder';
import { parseRefAdvertisement, type RefAdvertisement } from './pkt-line';
import { checkRepositoryUrl, type CheckedUrl, type SourcePolicy } from './url-policy';

const MAX_ADVERTISEMENT_BYTES = 32 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface RemoteRefsOptions extends SourcePolicy {
  token?: string | undefined;
  timeoutMs?: number;
}

/** HTTP Basic credentials of a Git token, as GitHub, GitLab and Gitea all accept them. */
export function authorizationHeader(token: string): string {
  return `Basic ${Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64')}`;
}

/**
 * The refs of a repository, read with the smart HTTP protocol as `git ls-remote` does
 * (GET <url>/info/refs?service=git-upload-pack), in the API process: no git process and no
 * token on a command line. Errors are the French SourceErrors the user sees.
 */
export async function listRemoteRefs(
  repositoryUrl: string,
  opts: RemoteRefsOptions,
): Promise<{ checked: CheckedUrl; advertisement: RefAdvertisement }> {
  let checked = await checkRepositoryUrl(repositoryUrl, opts);
  const original = checked;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const base = checked.url.href.replace(/\/+$/, '');
    const target = new URL(`${base}/info/refs?service=git-upload-pack`);
    // The token goes only to the repository's own host, never to a redirect elsewhere.
    const sendToken = opts.token && checked.url.host === original.url.host;
    const res = await get(
      target,
      checked,
      sendToken ? opts.token : undefined,
      opts.timeoutMs,
      opts.extraCaFile,
    );
    if (res.status >= 300 && res.status < 400 && res.location) {
      const next = new URL(res.location, target);
      next.pathname = next.pathname.replace(/\/info\/refs$/, '');
      next.search = '';
      checked = await checkRepositoryUrl(next.href, opts);
      continue;
    }
    // GitHub answers 401 for a repository that does not exist as for a private one.
    if ((res.status === 401 || res.status === 403) && !opts.token)
      throw new SourceError(
        'auth',
        `Accès refusé au dépôt ${original.display} : dépôt privé ou introuvable, un token Git est nécessaire pour un dépôt privé.`,
      );
    if (res.status === 401 || res.status === 403 || (res.status === 404 && opts.token))
      throw new SourceError(
        'auth',
        `Accès refusé au dépôt ${original.display} : vérifiez le token Git.`,
      );
    if (res.status === 404)
      throw unreachable(
        original,
        opts.token
          ? 'dépôt introuvable'
          : 'dépôt introuvable ou privé (un token Git est alors nécessaire)',
      );
    if (res.status !== 200) throw unreachable(original, `le serveur répond HTTP ${res.status}`);
    if (!res.contentType.startsWith('application/x-git-upload-pack-advertisement'))
      throw unreachable(original, 'cette adresse ne sert pas de dépôt Git');
    try {
      return { checked, advertisement: parseRefAdvertisement(res.body) };
    } catch (err) {
      throw unreachable(original, (err as Error).message, err);
    }
  }
  throw unreachable(original, 'trop de redirections');
}

function unreachable(checked: CheckedUrl, reason: string, cause?: unknown): SourceError {
  return new SourceError(
    'unreachable',
    `Le dépôt ${checked.display} est injoignable : ${reason}.`,
    {
      cause,
    },
  );
}

interface RawAnswer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

function get(
  target: URL,
  checked: CheckedUrl,
  token: string | undefined,
  timeoutMs = 15_000,
  extraCaFile?: string,
): Promise<RawAnswer> {
  // Connect to the addresses checked by the policy, not to a second DNS answer.
  const pinned: LookupFunction = (_host, options, callback) => {
    const all = checked.addresses;
    if ((options as { all?: boolean }).all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'GET',
        lookup: pinned,
        // A fresh connection each time: a kept-alive one the server has meanwhile closed fails
        // the request (ECONNRESET), and its address was pinned for another check.
        agent: false,
        ...(extraCaFile && target.protocol === 'https:'
          ? { ca: [...tls.rootCertificates, readFileSync(extraCaFile, 'utf8')] }
          : {}),
        headers: {
          'user-agent': 'git/2.39 (NuageDeploy)',
          accept: 'application/x-git-upload-pack-advertisement',
          ...(token ? { authorization: authorizationHeader(token) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ADVERTISEMENT_BYTES) req.destroy(new Error('réponse trop volumineuse'));
          else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', (err) => reject(networkError(checked, err)));
      },
    );
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`pas de réponse en ${timeoutMs / 1000} s`)),
    );
    req.on('error', (err) => reject(networkError(checked, err)));
    req.end();
  });
}

function networkError(checked: CheckedUrl, err: Error & { code?: string }): SourceError {
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connexion refusée',
    ECONNRESET: 'connexion interrompue',
    EHOSTUNREACH: 'hôte inaccessible',
    ENETUNREACH: 'réseau inaccessible',
    ETIMEDOUT: 'délai dépassé',
    CERT_HAS_EXPIRED: 'certificat TLS expiré',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'certificat TLS non reconnu',
    SELF_SIGNED_CERT_IN_CHAIN: 'certificat TLS non reconnu',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificat TLS non reconnu',
    ERR_TLS_CERT_ALTNAME_INVALID: 'certificat TLS établi pour un autre nom',
  };
  return unreachable(checked, (err.code && reasons[err.code]) || err.message, err);
}
