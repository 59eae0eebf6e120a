import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { imageWatchTexts as t } from '@nuage/shared/messages/images';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTagDigest, registryEndpoint, RegistryCheckError } from './registry-client';

const LIST_DIGEST = `sha256:${'a'.repeat(64)}`;
const SINGLE_DIGEST = `sha256:${'b'.repeat(64)}`;
const PRIVATE_DIGEST = `sha256:${'c'.repeat(64)}`;
const BASIC_DIGEST = `sha256:${'d'.repeat(64)}`;
const USER = 'ci';
const PASSWORD = 's3cret-pass';

/**
 * A registry as Docker Hub and ghcr.io behave: manifests need a Bearer token from the token
 * service named in the challenge; anonymous tokens for public repositories, the user's Basic
 * credentials for private ones. A multi-platform tag answers its list's digest only to a client
 * that accepts lists (else the registry serves one platform's manifest, another digest).
 */
function tokenRegistry(): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://registry');
    const { port } = req.socket.address() as AddressInfo;
    if (url.pathname === '/token') {
      const scope = url.searchParams.get('scope');
      const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      if (url.searchParams.get('service') !== 'test-registry') return end(res, 400);
      if (req.headers.authorization && req.headers.authorization !== basic) return end(res, 401);
      const token = req.headers.authorization ? `user:${scope}` : `anonymous:${scope}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ token }));
    }
    const m = /^\/v2\/(.+)\/manifests\/([^/]+)$/.exec(url.pathname);
    if (!m) return end(res, 404);
    const [, name, tag] = m;
    const challenge = `Bearer realm="http://127.0.0.1:${port}/token",service="test-registry",scope="repository:${name}:pull"`;
    const auth = req.headers.authorization ?? '';
    const pull = `repository:${name}:pull`;
    const isPrivate = name === 'acme/private';
    const allowed = isPrivate ? auth === `Bearer user:${pull}` : auth.endsWith(`:${pull}`);
    if (!allowed) {
      res.writeHead(401, { 'www-authenticate': challenge });
      return res.end();
    }
    if (tag !== '1') return end(res, 404);
    const acceptsList = (req.headers.accept ?? '').includes(
      'application/vnd.oci.image.index.v1+json',
    );
    const digest = isPrivate ? PRIVATE_DIGEST : acceptsList ? LIST_DIGEST : SINGLE_DIGEST;
    res.writeHead(200, { 'docker-content-digest': digest, 'content-length': '0' });
    res.end();
  });
}

/** The distribution registry with htpasswd: Basic credentials on every request. */
function basicRegistry(opts: { digestHeader: boolean }): Server {
  const manifest = JSON.stringify({ schemaVersion: 2, mediaType: 'x' });
  return createServer((req, res) => {
    const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Registry Realm"' });
      return res.end();
    }
    if (req.url !== '/v2/team/app/manifests/1') return end(res, 404);
    res.writeHead(200, opts.digestHeader ? { 'docker-content-digest': BASIC_DIGEST } : {});
    res.end(req.method === 'GET' ? manifest : undefined);
  });
}

const end = (res: ServerResponse, status: number) => {
  res.writeHead(status);
  res.end();
};

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('reading a tag’s digest from a registry (Registry HTTP API v2)', () => {
  const token = tokenRegistry();
  const basic = basicRegistry({ digestHeader: true });
  const headless = basicRegistry({ digestHeader: false });
  let tokenHost = '';
  let basicHost = '';
  let headlessHost = '';
  beforeAll(async () => {
    tokenHost = await listen(token);
    basicHost = await listen(basic);
    headlessHost = await listen(headless);
  });
  afterAll(() => {
    token.close();
    basic.close();
    headless.close();
  });
  const ask = (repository: string, extra: Partial<Parameters<typeof fetchTagDigest>[0]> = {}) =>
    fetchTagDigest({
      repository,
      tag: '1',
      credentials: null,
      allowPrivate: true,
      scheme: 'http',
      ...extra,
    });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => 'no error',
      (err: unknown) => (err instanceof RegistryCheckError ? err.message : String(err)),
    );

  it('gets an anonymous pull token from the realm and reads the multi-platform list’s digest', async () => {
    expect(await ask(`${tokenHost}/acme/public`)).toBe(LIST_DIGEST);
  });

  it('asks the token service with the project’s credentials for a private repository', async () => {
    const credentials = { username: USER, password: PASSWORD };
    expect(await ask(`${tokenHost}/acme/private`, { credentials })).toBe(PRIVATE_DIGEST);
  });

  it('says in French when the private repository needs credentials or refuses them', async () => {
    const registry = tokenHost;
    expect(await refusal(ask(`${registry}/acme/private`))).toBe(t.authenticationRequired(registry));
    expect(
      await refusal(
        ask(`${registry}/acme/private`, { credentials: { username: USER, password: 'wrong' } }),
      ),
    ).toBe(t.refusedCredentials(registry));
  });

  it('sends Basic credentials to a registry that asks for them', async () => {
    const credentials = { username: USER, password: PASSWORD };
    expect(await ask(`${basicHost}/team/app`, { credentials })).toBe(BASIC_DIGEST);
    expect(await refusal(ask(`${basicHost}/team/app`))).toBe(t.authenticationRequired(basicHost));
  });

  it('hashes the manifest when the registry leaves the digest header out', async () => {
    const credentials = { username: USER, password: PASSWORD };
    const digest = await ask(`${headlessHost}/team/app`, { credentials });
    const { createHash } = await import('node:crypto');
    const body = JSON.stringify({ schemaVersion: 2, mediaType: 'x' });
    expect(digest).toBe(`sha256:${createHash('sha256').update(body).digest('hex')}`);
  });

  it('says an unknown tag is not found', async () => {
    expect(await refusal(ask(`${tokenHost}/acme/public`, { tag: '2' }))).toBe(
      t.notFound(`${tokenHost}/acme/public:2`),
    );
  });

  it('never asks a registry on an internal address unless the operator allows it', async () => {
    expect(await refusal(ask(`${tokenHost}/acme/public`, { allowPrivate: false }))).toBe(
      t.privateAddress('127.0.0.1'),
    );
  });

  it('says a registry that does not answer is unreachable, never with its credentials', async () => {
    const closed = createServer();
    const host = await listen(closed);
    closed.close();
    const message = await refusal(
      ask(`${host}/team/app`, { credentials: { username: USER, password: PASSWORD } }),
    );
    expect(message).toBe(t.unreachable(host));
    expect(message).not.toContain(PASSWORD);
  });
});

describe('where a repository’s API answers', () => {
  it('reads Docker Hub’s short names from its registry, official images under library/', () => {
    expect(registryEndpoint('nginx')).toEqual({
      host: 'registry-1.docker.io',
      name: 'library/nginx',
    });
    expect(registryEndpoint('acme/api')).toEqual({
      host: 'registry-1.docker.io',
      name: 'acme/api',
    });
    expect(registryEndpoint('docker.io/library/nginx')).toEqual({
      host: 'registry-1.docker.io',
      name: 'library/nginx',
    });
    expect(registryEndpoint('ghcr.io/acme/api')).toEqual({ host: 'ghcr.io', name: 'acme/api' });
    expect(registryEndpoint('127.0.0.1:45901/nuage/app')).toEqual({
      host: '127.0.0.1:45901',
      name: 'nuage/app',
    });
  });
});
