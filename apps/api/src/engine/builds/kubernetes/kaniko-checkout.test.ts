import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import { validateObject } from '../../manifests/validate';
import type { BuildRequest } from '../builder';
import { sourceTooLarge } from '../limits/size-limits';
import type { PinnedSource } from '../source/pinned-source';
import { renderKanikoObjects } from './kaniko-job';

/**
 * BUILD_MAX_SOURCE_MB on Kubernetes (kaniko-checkout.ts): the rendered Job's init container
 * checks out the commit into a size-limited emptyDir and refuses a repository past the limit
 * with the docker builder's French sentence. Its script is run here as the container would
 * run it (sh and git, the rendered environment, the token read from the build's Secret),
 * against a real Git HTTP server.
 */
const TOKEN = 'glpat-jeton-de-test';
let git: GitServer;
let smallSha: string;
let bigSha: string;
const dirs: string[] = [];

beforeAll(async () => {
  git = await startGitServer({ token: TOKEN });
  smallSha = git.createRepository('petit', { 'server.js': 'console.log(1)\n' });
  // 300 KB that do not compress, past a 256 KB limit.
  bigSha = git.createRepository('gros', {
    'server.js': 'console.log(1)\n',
    'data.bin': randomBytes(225 * 1024).toString('base64'),
  });
});
afterAll(async () => {
  await git.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const render = (
  repository: string,
  commitSha: string,
  maxSourceBytes: number,
  pinnedSource: PinnedSource | null = null,
) => {
  const request: BuildRequest = {
    buildId: 'b-taille',
    deploymentId: 'dep-1',
    namespace: 'nd-env-test',
    source: { repositoryUrl: git.url(repository), branch: 'main', commitSha, token: TOKEN },
    templateHint: 'nodejs',
    buildArgs: {},
    imageName: 'nuage-builds/dep-1',
    tag: 'b1',
    limits: { cpuMilli: 1000, ramMb: 2048, timeoutSeconds: 900 },
  };
  return renderKanikoObjects({
    request,
    dockerfile: null,
    settings: {
      image: 'gcr.io/kaniko-project/executor:v1.23.2',
      registry: { url: 'registry.example.com/nuage' },
      maxSourceBytes,
      pinnedSource,
    },
  });
};

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef: { key: string } } };

/** Runs the init container's script as the kubelet would, in a directory standing for the emptyDir. */
async function runCheckout(objects: ReturnType<typeof render>) {
  const container = objects.job.spec.template.spec.initContainers[0]!;
  const workspace = await mkdtemp(join(tmpdir(), 'nd-checkout-'));
  dirs.push(workspace);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  for (const v of container.env as EnvVar[]) {
    const ref = v.valueFrom?.secretKeyRef;
    env[v.name] = ref
      ? (objects.secret.stringData as Record<string, string>)[ref.key]!
      : (v.value ?? '');
  }
  env.SOURCE_DIR = workspace;
  const [cmd, ...args] = container.command;
  const result = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(cmd!, args, { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stderr}${stdout}` }),
    );
  });
  return { ...result, workspace, files: await readdir(workspace) };
}

describe('the Kaniko Job’s checkout, within BUILD_MAX_SOURCE_MB', () => {
  it('renders an init container filling a size-limited emptyDir, which Kaniko builds from', () => {
    const objects = render('petit', smallSha, 500 * 1024 * 1024);
    validateObject(objects.job);
    const pod = objects.job.spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'source', emptyDir: { sizeLimit: '1000Mi' } });
    const [checkout] = pod.initContainers;
    expect(checkout!.volumeMounts).toContainEqual({ name: 'source', mountPath: '/workspace' });
    expect(checkout!.env).toContainEqual({ name: 'MAX_KB', value: String(500 * 1024) });
    expect(checkout!.env).toContainEqual({
      name: 'TOO_LARGE',
      value: sourceTooLarge(500 * 1024 * 1024).message,
    });
    expect(checkout!.securityContext).toMatchObject({
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(checkout!.terminationMessagePolicy).toBe('FallbackToLogsOnError');
    expect(pod.containers[0]!.volumeMounts).toContainEqual({
      name: 'source',
      mountPath: '/workspace',
    });
    expect(JSON.stringify(objects.job)).not.toContain(TOKEN);
  });

  it('checks out the commit (with the token from the Secret), without .git, and says how big', async () => {
    const run = await runCheckout(render('petit', smallSha, 256 * 1024));
    expect(run.code, run.output).toBe(0);
    expect(run.files).toEqual(['server.js']);
    expect(run.output.trim().split('\n').at(-1)).toBe('Sources récupérées : 1 Mo.');
    expect(git.requests.some((r) => r.path.includes('petit') && r.authorized)).toBe(true);
  });

  it('refuses a repository past the limit, the French sentence as its last line', async () => {
    const run = await runCheckout(render('gros', bigSha, 256 * 1024));
    expect(run.code).not.toBe(0);
    expect(run.output.trim().split('\n').at(-1)).toBe(sourceTooLarge(256 * 1024).message);
    // The same repository fits a larger limit.
    const fits = await runCheckout(render('gros', bigSha, 1024 * 1024));
    expect(fits.code, fits.output).toBe(0);
    expect(fits.files.sort()).toEqual(['data.bin', 'server.js']);
  });

  it('under the address policy, fetches from the addresses the platform checked, never from DNS', async () => {
    const { port } = new URL(git.url('petit'));
    // A name no DNS knows, pinned to the server: the fetch reaches it through the pin alone.
    const pinned = await runCheckout(
      render('petit', smallSha, 1024 * 1024, {
        url: `http://depot-epingle.invalid:${port}/petit.git`,
        resolve: `depot-epingle.invalid:${port}:127.0.0.1`,
      }),
    );
    expect(pinned.code, pinned.output).toBe(0);
    expect(pinned.files).toEqual(['server.js']);
    // A name DNS sends to the server, pinned elsewhere (what the check saw): the pin wins.
    const before = git.requests.length;
    const elsewhere = await runCheckout(
      render('petit', smallSha, 1024 * 1024, {
        url: `http://localhost:${port}/petit.git`,
        resolve: `localhost:${port}:127.0.0.2`,
      }),
    );
    expect(elsewhere.code).not.toBe(0);
    expect(git.requests.length).toBe(before);
  });
});
