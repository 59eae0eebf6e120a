import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import { DOCKER_HUB, registryOf } from '@nuage/shared/image-reference';
import { imageWatchTexts as t } from '@nuage/shared/messages/images';
import {
  bareHost,
  InternalAddressError,
  pinnedLookup,
  resolveDestination,
} from '../../lib/network/guarded-lookup';

/** A check that did not read the digest; `message` is French and names no secret. */
export class RegistryCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegistryCheckError';
  }
}

export interface TagDigestQuery {
  /** `ghcr.io/acme/api`, `nginx`, `127.0.0.1:45901/app`. */
  repository: string;
  tag: string;
  credentials: { username: string; password: string } | null;
  /** IMAGE_ALLOW_PRIVATE_REGISTRIES: a registry (or token service) on an internal address. */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Tests only: a registry answering plain HTTP. Registries are always asked over HTTPS. */
  scheme?: 'https' | 'http';
  /**
   * Where the container engine keeps a registry's own CA (`<dir>/<host:port>/ca.crt`): the
   * platform trusts for its checks what Podman or Docker trusts for that registry's pulls.
   */
  certsDirs?: string[];
}

/** Every manifest kind a tag may name: a multi-platform list as well as one image. */
export const MANIFEST_ACCEPT = [
  'application/vnd.oci.image.index.v1+json',
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.manifest.v1+json',
  'application/vnd.docker.distribution.manifest.v2+json',
].join(', ');

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_CERTS_DIRS = ['/etc/containers/certs.d', '/etc/docker/certs.d'];
const MAX_BODY = 256 * 1024;
const DIGEST = /^sha256:[0-9a-f]{64}$/;
const TLS_ERROR = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED|ERR_TLS_CERT)/;

/** Where the registry's API answers, and the repository's name on it. */
export function registryEndpoint(repository: string): { host: string; name: string } {
  const registry = registryOf(repository);
  const slash = repository.indexOf('/');
  const explicit = slash >= 0 && repository.slice(0, slash).toLowerCase() === registry;
  const path = explicit ? repository.slice(slash + 1) : repository.replace(/^docker\.io\//, '');
  if (registry === DOCKER_HUB)
    return { host: 'registry-1.docker.io', name: path.includes('/') ? path : `library/${path}` };
  return { host: registry, name: path };
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/**
 * The digest the tag names now, read from the registry with the Docker Registry HTTP API v2:
 * `HEAD /v2/<name>/manifests/<tag>` and its `Docker-Content-Digest` (a GET hashed when a
 * registry leaves the header out). A registry that asks for a token
 * (`WWW-Authenticate: Bearer realm=…`, Docker Hub, ghcr.io) gets the project's credentials at
 * its token service, or none for an anonymous pull token; one that asks Basic gets them
 * directly. Every host (the registry, its token service) goes through the platform's address
 * policy and is connected to at the checked addresses only.
 */
export async function fetchTagDigest(q: TagDigestQuery): Promise<string> {
  const { host, name } = registryEndpoint(q.repository);
  const registry = registryOf(q.repository);
  const url = `${q.scheme ?? 'https'}://${host}/v2/${name}/manifests/${encodeURIComponent(q.tag)}`;
  const ask = (authorization: string | null, method: 'HEAD' | 'GET' = 'HEAD') =>
    send(q, url, method, {
      accept: MANIFEST_ACCEPT,
      ...(authorization ? { authorization } : {}),
    });
  let answer = await ask(null);
  let authorization: string | null = null;
  if (answer.status === 401) {
    authorization = await authorize(q, registry, name, header(answer, 'www-authenticate'));
    answer = await ask(authorization);
    if (answer.status === 401 || answer.status === 403)
      throw new RegistryCheckError(
        q.credentials ? t.refusedCredentials(registry) : t.authenticationRequired(registry),
      );
  }
  if (answer.status === 404) throw new RegistryCheckError(t.notFound(`${q.repository}:${q.tag}`));
  if (answer.status === 403)
    throw new RegistryCheckError(
      q.credentials ? t.refusedCredentials(registry) : t.authenticationRequired(registry),
    );
  if (answer.status !== 200) throw new RegistryCheckError(t.status(registry, answer.status));
  const digest = header(answer, 'docker-content-digest');
  if (digest && DIGEST.test(digest)) return digest;
  // Some registries leave the header out of HEAD: the manifest's own bytes name it.
  const full = await ask(authorization, 'GET');
  if (full.status !== 200) throw new RegistryCheckError(t.status(registry, full.status));
  const fromGet = header(full, 'docker-content-digest');
  if (fromGet && DIGEST.test(fromGet)) return fromGet;
  return `sha256:${createHash('sha256').update(full.body).digest('hex')}`;
}

/** The Authorization header the registry's challenge asks for. */
async function authorize(
  q: TagDigestQuery,
  registry: string,
  name: string,
  challenge: string | null,
): Promise<string> {
  const scheme = challenge?.trim().split(/\s+/)[0]?.toLowerCase();
  const basic = q.credentials
    ? `Basic ${Buffer.from(`${q.credentials.username}:${q.credentials.password}`).toString('base64')}`
    : null;
  if (scheme === 'basic') {
    if (!basic) throw new RegistryCheckError(t.authenticationRequired(registry));
    return basic;
  }
  if (scheme !== 'bearer') throw new RegistryCheckError(t.authenticationRequired(registry));
  const params = challengeParams(challenge!);
  const realm = params.realm;
  if (!realm || !/^https?:\/\//.test(realm)) throw new RegistryCheckError(t.badAnswer(registry));
  const tokenUrl = new URL(realm);
  if (tokenUrl.protocol === 'http:' && q.scheme !== 'http')
    throw new RegistryCheckError(t.badAnswer(registry));
  if (params.service) tokenUrl.searchParams.set('service', params.service);
  tokenUrl.searchParams.set('scope', `repository:${name}:pull`);
  const answer = await send(q, tokenUrl.toString(), 'GET', {
    accept: 'application/json',
    ...(basic ? { authorization: basic } : {}),
  });
  if (answer.status === 401 || answer.status === 403)
    throw new RegistryCheckError(
      q.credentials ? t.refusedCredentials(registry) : t.authenticationRequired(registry),
    );
  if (answer.status !== 200) throw new RegistryCheckError(t.status(registry, answer.status));
  let token: unknown;
  try {
    const json = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
    token = json.token ?? json.access_token;
  } catch {
    token = null;
  }
  if (typeof token !== 'string' || token.length === 0)
    throw new RegistryCheckError(t.badAnswer(registry));
  return `Bearer ${token}`;
}

/** `Bearer realm="https://…",service="…",scope="…"` → its parameters. */
export function challengeParams(challenge: string): Record<string, string> {
  const params: Record<string, string> = {};
  const body = challenge.trim().replace(/^\S+\s*/, '');
  for (const m of body.matchAll(/([A-Za-z]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g))
    params[m[1]!.toLowerCase()] = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!;
  return params;
}

function header(answer: Answer, name: string): string | null {
  const v = answer.headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

/** The CAs the engine trusts for `host` (its certs.d), with the usual public ones. */
function trustedCas(host: string, dirs: string[]): string[] | undefined {
  const own: string[] = [];
  for (const dir of dirs) {
    try {
      own.push(readFileSync(`${dir}/${host}/ca.crt`, 'utf8'));
    } catch {
      // No CA of its own there: the public ones.
    }
  }
  return own.length > 0 ? [...rootCertificates, ...own] : undefined;
}

/** One request through the address policy; redirects are not followed. */
async function send(
  q: TagDigestQuery,
  url: string,
  method: 'HEAD' | 'GET',
  headers: Record<string, string>,
): Promise<Answer> {
  const target = new URL(url);
  const host = bareHost(target);
  let addresses;
  try {
    addresses = await resolveDestination(host, { allowPrivate: q.allowPrivate });
  } catch (err) {
    if (err instanceof InternalAddressError) throw new RegistryCheckError(t.privateAddress(host));
    throw new RegistryCheckError(t.unreachable(host));
  }
  const ca =
    target.protocol === 'https:'
      ? trustedCas(target.host, q.certsDirs ?? DEFAULT_CERTS_DIRS)
      : undefined;
  const requestFn = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = requestFn(
      target,
      {
        method,
        lookup: pinnedLookup(addresses),
        timeout: q.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        headers: { 'user-agent': 'NuageDeploy-ImageWatch/1', ...headers },
        ...(ca ? { ca } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', () => reject(new RegistryCheckError(t.unreachable(target.host))));
      },
    );
    req.on('timeout', () => req.destroy(new RegistryCheckError(t.unreachable(target.host))));
    req.on('error', (err) =>
      reject(
        err instanceof RegistryCheckError
          ? err
          : new RegistryCheckError(
              TLS_ERROR.test((err as NodeJS.ErrnoException).code ?? '')
                ? t.untrustedCertificate(target.host)
                : t.unreachable(target.host),
            ),
      ),
    );
    req.end();
  });
}
