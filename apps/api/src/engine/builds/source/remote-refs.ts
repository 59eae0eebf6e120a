import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { pinnedLookup } from '../../../lib/network/guarded-lookup';
import { SourceError } from '../builder';
import { parseRefAdvertisement, type RefAdvertisement } from './pkt-line';
import {
  checkRepositoryUrl,
  unreachableRepository,
  type CheckedUrl,
  type SourcePolicy,
} from './url-policy';
import { sourceTexts } from '@nuage/shared/messages/repository-source';

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
    let res: RawAnswer;
    try {
      res = await get(target, checked, sendToken ? opts.token : undefined, opts);
    } catch (err) {
      // Refused, reset, timed out, TLS: one text whatever the reason (no port scanning).
      throw unreachableRepository(original.display, opts, err);
    }
    if (res.status >= 300 && res.status < 400 && res.location) {
      const next = new URL(res.location, target);
      next.pathname = next.pathname.replace(/\/info\/refs$/, '');
      next.search = '';
      try {
        // Each hop meets the address policy, and its connection is pinned like the first one.
        checked = await checkRepositoryUrl(next.href, opts);
      } catch (err) {
        // Named after the address the user gave, not where the server sent us.
        if (err instanceof SourceError && err.code === 'unreachable')
          throw unreachableRepository(original.display, opts, err);
        throw err;
      }
      continue;
    }
    // GitHub answers 401 for a repository that does not exist as for a private one.
    if ((res.status === 401 || res.status === 403) && !opts.token)
      throw new SourceError('auth', sourceTexts.privateNeedsToken(original.display));
    if (res.status === 401 || res.status === 403 || (res.status === 404 && opts.token))
      throw new SourceError('auth', sourceTexts.tokenRefused(original.display));
    if (res.status === 404)
      throw unreachable(
        original,
        opts.token ? sourceTexts.notFound : sourceTexts.notFoundOrPrivate,
      );
    if (res.status !== 200) throw unreachable(original, sourceTexts.httpStatus(res.status));
    if (!res.contentType.startsWith('application/x-git-upload-pack-advertisement'))
      throw unreachable(original, sourceTexts.notGit);
    try {
      return { checked, advertisement: parseRefAdvertisement(res.body) };
    } catch (err) {
      throw unreachable(original, (err as Error).message, err);
    }
  }
  throw unreachableRepository(original.display, opts, new Error('too many redirects'));
}

function unreachable(checked: CheckedUrl, reason: string, cause?: unknown): SourceError {
  return new SourceError('unreachable', `${sourceTexts.unreachable(checked.display, reason)}.`, {
    cause,
  });
}

interface RawAnswer {
  status: number;
  location: string | undefined;
  contentType: string;
  body: Buffer;
}

/** One GET, connected to the addresses the policy checked (never a second DNS answer). */
function get(
  target: URL,
  checked: CheckedUrl,
  token: string | undefined,
  opts: { timeoutMs?: number | undefined; extraCaFile?: string | undefined },
): Promise<RawAnswer> {
  const { timeoutMs = 15_000, extraCaFile } = opts;
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'GET',
        lookup: pinnedLookup(checked.addresses),
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
          if (size > MAX_ADVERTISEMENT_BYTES) req.destroy(new Error(sourceTexts.answerTooLarge));
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
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(sourceTexts.noAnswer(timeoutMs / 1000))));
    req.on('error', reject);
    req.end();
  });
}
