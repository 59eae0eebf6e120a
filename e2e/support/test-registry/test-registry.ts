import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's docker-registry (the real distribution registry) on loopback with htpasswd (bcrypt)
 * authentication, over TLS with the test CA of prepare.sh, which Podman trusts for this
 * registry (issue 30's private pulls). One user; images are pushed by the Podman CLI.
 */
export const REGISTRY_PORT = Number(process.env.NUAGE_TEST_REGISTRY_PORT ?? 45901);
export const REGISTRY_HOST = `127.0.0.1:${REGISTRY_PORT}`;
const CERTS = '/var/cache/nuage-test-registry';

/** Why the registry cannot run here (null when it can): .ci/run prepares all of it. */
export function registryMissing(): string | null {
  if (!existsSync('/usr/bin/docker-registry')) return 'docker-registry is not installed';
  if (!existsSync('/usr/bin/htpasswd')) return 'htpasswd (apache2-utils) is not installed';
  if (!existsSync(`${CERTS}/server.crt`))
    return 'the test registry certificate is missing (e2e/support/test-registry/prepare.sh)';
  if (!existsSync(`/etc/containers/certs.d/${REGISTRY_HOST}/ca.crt`))
    return `Podman does not trust the test registry (/etc/containers/certs.d/${REGISTRY_HOST})`;
  return null;
}

export interface TestRegistry {
  host: string;
  /** Tags a local image into the registry and pushes it with the registry's credentials. */
  push(localImage: string, repository: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the registry with one user; resolves once it answers (401 without credentials). */
export async function startTestRegistry(user: string, password: string): Promise<TestRegistry> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nuage-registry-'));
  const htpasswd = execFileSync('htpasswd', ['-Bbn', user, password], { encoding: 'utf8' });
  await writeFile(path.join(dir, 'htpasswd'), htpasswd);
  await writeFile(
    path.join(dir, 'config.yml'),
    [
      'version: 0.1',
      'log:',
      '  level: error',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${dir}/data`,
      'http:',
      `  addr: ${REGISTRY_HOST}`,
      '  tls:',
      `    certificate: ${CERTS}/server.crt`,
      `    key: ${CERTS}/server.key`,
      'auth:',
      '  htpasswd:',
      '    realm: nuage-test',
      `    path: ${dir}/htpasswd`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/bin/docker-registry', ['serve', `${dir}/config.yml`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const ca = readFileSync(`${CERTS}/ca.crt`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await new Promise<number>((resolve) => {
      const req = https.get({ host: '127.0.0.1', port: REGISTRY_PORT, path: '/v2/', ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
    });
    if (status === 401) break;
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`the test registry did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    host: REGISTRY_HOST,
    async push(localImage, repository) {
      const ref = `${REGISTRY_HOST}/${repository}`;
      execFileSync('podman', ['tag', localImage, ref]);
      execFileSync('podman', ['push', '--creds', `${user}:${password}`, ref], { stdio: 'ignore' });
      // Only the registry has it now: the platform's pull is what brings it back.
      execFileSync('podman', ['rmi', ref], { stdio: 'ignore' });
      return ref;
    },
    async stop() {
      child.kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
