import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace, seedQuota } from '../../../../test/kubernetes/fake-cluster';
import { playKanikoJobs, PLAYED_DIGEST } from '../../../../test/kubernetes/kaniko-play';
import type { BuildSettings } from '../build-settings';
import { KubeClient } from '../../drivers/kubernetes/kube-client';
import { loadKubeConfig } from '../../drivers/kubernetes/kubeconfig';
import { DEFAULT_BASE_IMAGES } from '../base-images';
import { BuildFailedError, type BuildRequest } from '../builder';
import { KanikoImageBuilder } from './kaniko-builder';

/**
 * A Kaniko build in a namespace whose quota cannot hold its pod (issue 23, defect 4: the
 * default BUILD_CPU=2 in a namespace of ~1.6 CPU ended as « La construction a dépassé le
 * délai »): refused before the Job is created, in French, naming the resource and the setting.
 * The fake cluster's Job controller creates the build pod through quota admission, as a real
 * one does: a refused pod would leave the Job waiting until its deadline.
 */
const NS = 'env-build-a1b2c3';
const settings: BuildSettings = {
  baseImages: DEFAULT_BASE_IMAGES,
  allowPrivateGitHosts: true,
  registry: { url: 'registry.example.com/nuage' },
  kanikoImage: 'gcr.io/kaniko-project/executor:v1.23.2',
  workDir: '/tmp',
};

let api: FakeKubeApi;
let git: GitServer;
let sha: string;
let builder: KanikoImageBuilder;
let stop = () => {};

const request = (limits: BuildRequest['limits']): BuildRequest => ({
  buildId: '3f2b1c9e-0000-4000-8000-00000000000a',
  deploymentId: 'dep-1',
  namespace: NS,
  source: { repositoryUrl: git.url('node'), branch: 'main', commitSha: sha },
  templateHint: 'nodejs',
  buildArgs: {},
  imageName: 'nuage-builds/dep-1',
  tag: 'b1',
  limits,
});
const io = { signal: new AbortController().signal, onLog: () => {} };

beforeAll(async () => {
  git = await startGitServer();
  sha = git.createRepository('node', {
    'package.json': JSON.stringify({ scripts: { start: 'node server.js' } }),
    'server.js': '',
  });
});
beforeEach(async () => {
  api = new FakeKubeApi();
  const server = await api.start();
  seedNamespace(api, NS);
  builder = new KanikoImageBuilder(
    new KubeClient(loadKubeConfig({ kind: 'server', server, token: 'jeton' })),
    settings,
    20,
  );
});
afterEach(async () => {
  stop();
  await api.close();
});
afterAll(() => git.close());

describe('Kaniko builds within the namespace quota', () => {
  it('BUILD_CPU=2 in a namespace of 1.6 CPU: refused at once, nothing created, the resource and the setting named', async () => {
    stop = runControllers(api);
    seedQuota(api, NS, { cpu: '1600m', memory: '8G' }, { cpu: '500m', memory: '1G' });
    const started = Date.now();
    const outcome = await Promise.race([
      builder
        .build(request({ cpuMilli: 2000, ramMb: 2048, timeoutSeconds: 600 }), io)
        .catch((e: unknown) => e),
      new Promise((resolve) => setTimeout(() => resolve('toujours en attente'), 8000)),
    ]);
    expect(outcome).toBeInstanceOf(BuildFailedError);
    expect((outcome as BuildFailedError).reason).toBe('failed');
    expect((outcome as Error).message).toBe(
      'La construction ne peut pas démarrer dans le cluster : son pod demande 2000 m de CPU (BUILD_CPU=2) mais le quota de l’environnement n’en laisse que 1100 m de libres (sur 1600 m). Augmentez le quota du projet (ou libérez des ressources dans cet environnement), ou demandez à l’administrateur de la plateforme de réduire BUILD_CPU.',
    );
    expect(Date.now() - started).toBeLessThan(8000);
    expect(api.requests.filter((r) => r.path.includes('/jobs/') && r.method === 'PATCH')).toEqual(
      [],
    );
  });

  it('memory short too: both named', async () => {
    seedQuota(api, NS, { cpu: '1', memory: '1G' });
    const error = await builder
      .build(request({ cpuMilli: 2000, ramMb: 2048, timeoutSeconds: 600 }), io)
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /son pod demande 2000 m de CPU \(BUILD_CPU=2\) mais .* 1000 m de libres \(sur 1000 m\), et 2147 Mo de mémoire \(BUILD_RAM_MB=2048\) mais .* 1000 Mo de libres \(sur 1000 Mo\)\. .*réduire BUILD_CPU et BUILD_RAM_MB\.$/,
    );
  });

  it('with room, the build runs and gives its digest', async () => {
    seedQuota(api, NS, { cpu: '2500m', memory: '4G' }, { cpu: '500m', memory: '1G' });
    playKanikoJobs(api, NS, 'success');
    const outcome = await builder.build(
      request({ cpuMilli: 2000, ramMb: 2048, timeoutSeconds: 600 }),
      io,
    );
    expect(outcome.imageDigest).toBe(PLAYED_DIGEST);
  });
});
