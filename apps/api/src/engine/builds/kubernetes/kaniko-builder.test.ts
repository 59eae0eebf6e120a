import { composeTexts } from '@nuage/shared/messages/compose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { seedNamespace } from '../../../../test/kubernetes/fake-cluster';
import { playKanikoJobs, PLAYED_DIGEST } from '../../../../test/kubernetes/kaniko-play';
import type { BuildSettings } from '../build-settings';
import { KubeClient } from '../../drivers/kubernetes/kube-client';
import { loadKubeConfig } from '../../drivers/kubernetes/kubeconfig';
import { validateObject } from '../../manifests/validate';
import { DEFAULT_BASE_IMAGES } from '../base-images';
import { BuildCancelledError, BuildFailedError, type BuildRequest } from '../builder';
import { sourceTooLarge } from '../limits/size-limits';
import { KanikoImageBuilder } from './kaniko-builder';
import { GIT_CHECKOUT_IMAGE } from './kaniko-checkout';
import { buildObjectName, renderKanikoObjects } from './kaniko-job';

const NS = 'nd-env-test';
const DIGEST = PLAYED_DIGEST;
const TOKEN = 'glpat-secret-token';
const settings: BuildSettings = {
  baseImages: DEFAULT_BASE_IMAGES,
  allowPrivateGitHosts: true,
  registry: { url: 'registry.example.com/nuage', username: 'robot', password: 'registry-pass' },
  kanikoImage: 'gcr.io/kaniko-project/executor:v1.23.2',
  workDir: '/tmp',
};

let api: FakeKubeApi;
let git: GitServer;
let builder: KanikoImageBuilder;
let nodeSha: string;
let dockerSha: string;
let composeSha: string;

const request = (over: Partial<BuildRequest> = {}): BuildRequest => ({
  buildId: '3f2b1c9e-0000-4000-8000-000000000001',
  deploymentId: 'dep-1',
  namespace: NS,
  source: { repositoryUrl: git.url('node'), branch: 'main', commitSha: nodeSha },
  templateHint: 'nodejs',
  buildArgs: { API_URL: 'https://api.example.com' },
  imageName: 'nuage-builds/dep-1',
  tag: 'b1',
  limits: { cpuMilli: 1000, ramMb: 2048, timeoutSeconds: 900 },
  ...over,
});

const cluster = (outcome: Parameters<typeof playKanikoJobs>[2]) => playKanikoJobs(api, NS, outcome);

beforeAll(async () => {
  api = new FakeKubeApi();
  const server = await api.start();
  seedNamespace(api, NS);
  git = await startGitServer({ token: TOKEN });
  nodeSha = git.createRepository('node', {
    'package.json': JSON.stringify({ scripts: { start: 'node server.js' } }),
    'server.js': '',
  });
  dockerSha = git.createRepository('docker', { Dockerfile: 'FROM scratch\nEXPOSE 9000\n' });
  composeSha = git.createRepository('compose', {
    'deploy/compose.yaml': 'services:\n  api:\n    build: ../services/api\n',
    'services/api/build/Dockerfile.prod': 'FROM scratch\nEXPOSE 7000\n',
  });
  builder = new KanikoImageBuilder(
    new KubeClient(loadKubeConfig({ kind: 'server', server, token: 'jeton' }), 2000, {
      qps: 1000,
      burst: 1000,
    }),
    settings,
    20,
  );
});
afterEach(() => {
  api.onChange = undefined;
});
afterAll(async () => {
  await api.close();
  await git.close();
});

const io = (signal = new AbortController().signal) => {
  const lines: string[] = [];
  return { lines, io: { signal, onLog: (l: string) => lines.push(l) } };
};
const writesOf = (kind: string) =>
  api.requests.filter((r) => r.method === 'PATCH' && r.path.includes(`/${kind}/`));

describe('Kaniko builds on Kubernetes (strict fake API server)', () => {
  it('renders a Secret, a ConfigMap (generated Dockerfile) and a hardened Job that validate against the schemas', () => {
    const objects = renderKanikoObjects({
      request: { ...request(), source: { ...request().source, token: TOKEN } },
      dockerfile: 'FROM x\n',
      settings: { image: settings.kanikoImage, registry: settings.registry! },
    });
    for (const o of [objects.secret, objects.configMap, objects.job]) validateObject(o);
    const pod = objects.job.spec.template.spec;
    const kaniko = pod.containers[0]!;
    const [checkout] = pod.initContainers;
    expect(kaniko.args).toEqual([
      // The init container's checkout, within BUILD_MAX_SOURCE_MB (kaniko-checkout.test.ts).
      '--context=dir:///workspace',
      '--dockerfile=/nuage/dockerfile/Dockerfile',
      '--destination=registry.example.com/nuage/nuage-builds/dep-1:b1',
      '--digest-file=/dev/termination-log',
      '--snapshot-mode=redo',
      '--cache=true',
      '--cache-repo=registry.example.com/nuage/nuage-builds/dep-1/cache',
      '--cache-ttl=168h',
      '--push-retry=2',
      '--build-arg=API_URL=https://api.example.com',
    ]);
    // The token reaches the checkout only through the Secret (GIT_PASSWORD), never in the args.
    expect(JSON.stringify(objects.job)).not.toContain(TOKEN);
    expect(kaniko.env.map((e) => e.name)).not.toContain('GIT_PASSWORD');
    expect(checkout!.resources).toEqual(kaniko.resources);
    expect(checkout!.env).toContainEqual({
      name: 'GIT_PASSWORD',
      valueFrom: { secretKeyRef: { name: objects.name, key: 'git-token' } },
    });
    expect(kaniko.resources).toEqual({
      requests: { cpu: '1000m', memory: '2048Mi' },
      limits: { cpu: '1000m', memory: '2048Mi' },
    });
    expect(objects.job.spec.activeDeadlineSeconds).toBe(900);
    expect(objects.job.spec.backoffLimit).toBe(0);
    expect(pod.automountServiceAccountToken).toBe(false);
    expect(kaniko.securityContext).toMatchObject({
      privileged: false,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    // Pod Security "baseline" (what tenant namespaces enforce): only default capabilities added.
    const baseline = [
      'AUDIT_WRITE',
      'CHOWN',
      'DAC_OVERRIDE',
      'FOWNER',
      'FSETID',
      'KILL',
      'MKNOD',
      'NET_BIND_SERVICE',
      'SETFCAP',
      'SETGID',
      'SETPCAP',
      'SETUID',
      'SYS_CHROOT',
    ];
    for (const cap of kaniko.securityContext.capabilities.add) expect(baseline).toContain(cap);
    const config = JSON.parse(objects.secret.stringData['config.json']) as {
      auths: Record<string, { auth: string }>;
    };
    expect(Buffer.from(config.auths['registry.example.com']!.auth, 'base64').toString()).toBe(
      'robot:registry-pass',
    );
    expect(objects.secret.stringData['git-token']).toBe(TOKEN);
    expect(buildObjectName('x')).toMatch(/^build-[0-9a-f]{20}$/);
  });

  it('builds: applies the objects, follows the pod log, returns the digest, removes everything', async () => {
    cluster('success');
    const { lines, io: buildIo } = io();
    const out = await builder.build(
      { ...request(), source: { ...request().source, token: TOKEN } },
      buildIo,
    );
    expect(out).toMatchObject({
      imageRef: 'registry.example.com/nuage/nuage-builds/dep-1:b1',
      imageDigest: DIGEST,
      commitSha: nodeSha,
      detected: { kind: 'node' },
    });
    expect(lines).toContain('INFO RUN npm ci');
    expect(lines.join('\n')).toContain('Dockerfile généré (modèle node-server)');
    const configMap = writesOf('configmaps').at(-1)!;
    expect(JSON.parse(configMap.body).data.Dockerfile).toContain(
      'FROM docker.io/library/node:20-bookworm-slim',
    );
    expect(configMap.query.get('fieldValidation')).toBe('Strict');
    const name = buildObjectName(request().buildId);
    expect(
      [...api.objects.keys()].filter((k) => k.includes(name) && !k.includes('/pods/')),
    ).toEqual([]);
    const jobDelete = api.requests.find(
      (r) => r.method === 'DELETE' && r.path.endsWith(`/jobs/${name}`),
    )!;
    expect(jobDelete.query.get('propagationPolicy')).toBe('Foreground');
  });

  it("uses the repository's Dockerfile without a ConfigMap", async () => {
    cluster('success');
    const before = writesOf('configmaps').length;
    const out = await builder.build(
      request({
        buildId: 'b-docker',
        source: {
          repositoryUrl: git.url('docker'),
          branch: 'main',
          commitSha: dockerSha,
          token: TOKEN,
        },
      }),
      io().io,
    );
    expect(out.detected).toEqual({ kind: 'dockerfile', framework: null, port: 9000 });
    expect(writesOf('configmaps').length).toBe(before);
    const job = JSON.parse(writesOf('jobs').at(-1)!.body) as {
      spec: { template: { spec: { containers: { args: string[] }[] } } };
    };
    expect(job.spec.template.spec.containers[0]!.args).toContain('--dockerfile=Dockerfile');
  });

  it('a Compose service: its folder of the checkout as the context and its Dockerfile, read from the repository', async () => {
    cluster('success');
    const source = {
      repositoryUrl: git.url('compose'),
      branch: 'main',
      commitSha: composeSha,
      token: TOKEN,
    };
    const file = await builder.readSourceFile(source, 'deploy/compose.yaml', 65536, io().io);
    expect(file).toMatchObject({
      found: true,
      text: expect.stringContaining('build: ../services/api'),
    });
    expect(await builder.readSourceFile(source, 'absent.yml', 65536, io().io)).toEqual({
      found: false,
      reason: 'missing',
    });
    expect(await builder.readSourceFile(source, 'deploy/compose.yaml', 10, io().io)).toEqual({
      found: false,
      reason: 'too-large',
    });
    const out = await builder.build(
      request({
        buildId: 'b-compose',
        source,
        imageName: 'nuage-builds/dep-1/api',
        composeService: {
          service: 'api',
          context: 'services/api',
          dockerfile: 'build/Dockerfile.prod',
        },
      }),
      io().io,
    );
    expect(out.detected).toEqual({ kind: 'dockerfile', framework: null, port: 7000 });
    const job = JSON.parse(writesOf('jobs').at(-1)!.body) as {
      spec: { template: { spec: { containers: { args: string[] }[] } } };
    };
    expect(job.spec.template.spec.containers[0]!.args).toEqual(
      expect.arrayContaining([
        '--context=dir:///workspace/services/api',
        '--dockerfile=/workspace/services/api/build/Dockerfile.prod',
        '--destination=registry.example.com/nuage/nuage-builds/dep-1/api:b1',
      ]),
    );
    const missing = await builder
      .build(
        request({
          buildId: 'b-compose-missing',
          source,
          composeService: { service: 'api', context: 'services/absent', dockerfile: 'Dockerfile' },
        }),
        io().io,
      )
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BuildFailedError);
    expect((missing as Error).message).toBe(
      composeTexts.buildContextMissing('api', 'services/absent'),
    );
  });

  it('a failed build: French message with the failing step', async () => {
    cluster('failure');
    const err = await builder
      .build(request({ buildId: 'b-fail', source: { ...request().source, token: TOKEN } }), io().io)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildFailedError);
    expect((err as Error).message).toBe(
      'La construction a échoué : error building image: error building stage: RUN npm run build: exit status 1',
    );
  });

  it('a repository past BUILD_MAX_SOURCE_MB in the cluster: the checkout’s French reason, in the log and the failure', async () => {
    const tooLarge = sourceTooLarge(500 * 1024 * 1024).message;
    playKanikoJobs(api, NS, 'too-large', tooLarge);
    const { lines, io: buildIo } = io();
    const err = await builder
      .build(request({ buildId: 'b-big', source: { ...request().source, token: TOKEN } }), buildIo)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BuildFailedError);
    // The same sentence as a docker build's (size-limits.ts), nothing of Kaniko's.
    expect((err as Error).message).toBe(tooLarge);
    expect(lines).toContain(tooLarge);
  });

  it('the checkout image follows IMAGE_OVERRIDES (a mirror on an air-gapped cluster)', async () => {
    cluster('success');
    const mirrored = new KanikoImageBuilder(
      new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'x' }), 2000, {
        qps: 1000,
        burst: 1000,
      }),
      settings,
      20,
      new Map([[GIT_CHECKOUT_IMAGE, 'registry.local/outils/git:2.45']]),
    );
    await mirrored.build(
      request({ buildId: 'b-mirror', source: { ...request().source, token: TOKEN } }),
      io().io,
    );
    const job = JSON.parse(writesOf('jobs').at(-1)!.body) as {
      spec: { template: { spec: { initContainers: { image: string }[] } } };
    };
    expect(job.spec.template.spec.initContainers[0]!.image).toBe('registry.local/outils/git:2.45');
  });

  it('the Job deadline is the timeout', async () => {
    cluster('deadline');
    const err = await builder
      .build(request({ buildId: 'b-slow', source: { ...request().source, token: TOKEN } }), io().io)
      .catch((e: unknown) => e);
    expect((err as BuildFailedError).reason).toBe('timeout');
  });

  it('cancel deletes the Job (Foreground), its Secret and ConfigMap', async () => {
    cluster('running');
    const controller = new AbortController();
    const { lines, io: buildIo } = io(controller.signal);
    const build = builder.build(
      request({ buildId: 'b-cancel', source: { ...request().source, token: TOKEN } }),
      buildIo,
    );
    while (!lines.includes('INFO RUN npm ci')) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    await expect(build).rejects.toBeInstanceOf(BuildCancelledError);
    const name = buildObjectName('b-cancel');
    const deletes = api.requests
      .filter((r) => r.method === 'DELETE' && r.path.includes(name))
      .map((r) => r.path.split('/').slice(-2).join('/'));
    expect(deletes.sort()).toEqual([`configmaps/${name}`, `jobs/${name}`, `secrets/${name}`]);
  });

  it('tells once why the build pod waits (image pull, scheduling)', async () => {
    cluster('pull-backoff');
    const controller = new AbortController();
    const { lines, io: buildIo } = io(controller.signal);
    const build = builder.build(
      request({ buildId: 'b-wait', source: { ...request().source, token: TOKEN } }),
      buildIo,
    );
    const expected =
      'En attente du pod de construction : ImagePullBackOff (Back-off pulling image "kaniko")';
    while (!lines.includes(expected)) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100)); // several more looks at the pod
    controller.abort();
    await expect(build).rejects.toBeInstanceOf(BuildCancelledError);
    expect(lines.filter((l) => l === expected)).toHaveLength(1);
  });

  it('refuses to build without a registry, in French', async () => {
    const bare = new KanikoImageBuilder(
      new KubeClient(loadKubeConfig({ kind: 'server', server: api.url, token: 'x' })),
      { ...settings, registry: undefined },
    );
    await expect(bare.build(request(), io().io)).rejects.toThrow(
      "REGISTRY_URL n'est pas configuré",
    );
  });
});
