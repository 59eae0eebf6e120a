import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, type GitServer } from '../../../../../e2e/support/git-server/git-server';
import { loadConfig } from '../../config';
import {
  BuildCancelledError,
  SourceError,
  type BuildRequest,
  type BuildUsageProbe,
} from './builder';
import { createImageBuilder } from './create-image-builder';
import { DockerImageBuilder } from './docker/docker-builder';
import { KanikoImageBuilder } from './kubernetes/kaniko-builder';
import { SimulationImageBuilder } from './simulation-builder';

let git: GitServer;
let sha: string;
beforeAll(async () => {
  git = await startGitServer();
  sha = git.createRepository('app', { 'index.js': '' });
});
afterAll(() => git.close());

const request = (): BuildRequest => ({
  buildId: 'b1',
  deploymentId: 'd1',
  namespace: 'n',
  source: { repositoryUrl: git.url('app'), branch: 'main', commitSha: sha },
  templateHint: 'python',
  buildArgs: {},
  imageName: 'nuage-builds/d1',
  tag: 'b1',
  limits: { cpuMilli: 500, ramMb: 512, timeoutSeconds: 60 },
});

describe('simulation builder', () => {
  const builder = new SimulationImageBuilder({ allowPrivateHosts: true }, 5);

  it('reads the real repository (real errors) but says on every line that nothing is built', async () => {
    expect(
      (await builder.resolveCommit({ repositoryUrl: git.url('app'), branch: 'main' })).sha,
    ).toBe(sha);
    await expect(
      builder.resolveCommit({ repositoryUrl: git.url('app'), branch: 'prod' }),
    ).rejects.toBeInstanceOf(SourceError);
    const lines: string[] = [];
    const probes: BuildUsageProbe[] = [];
    const out = await builder.build(request(), {
      signal: new AbortController().signal,
      onLog: (l) => lines.push(l),
      onUsageProbe: (p) => probes.push(p),
    });
    // Its resource graph is computed too, and says so.
    expect(probes).toHaveLength(1);
    expect(await probes[0]!()).toMatchObject({ simulated: true });
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toContain("Simulation : aucune image n'est réellement construite");
    expect(out.imageDigest).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The same commit gives the same "image".
    expect(
      (await builder.build(request(), { signal: new AbortController().signal, onLog: () => {} }))
        .imageDigest,
    ).toBe(out.imageDigest);
    expect(out.detected.kind).toBe('python');
  });

  it('honours cancel', async () => {
    const controller = new AbortController();
    const slow = new SimulationImageBuilder({ allowPrivateHosts: true }, 10_000);
    const build = slow.build(request(), { signal: controller.signal, onLog: () => {} });
    setTimeout(() => controller.abort(), 20);
    await expect(build).rejects.toBeInstanceOf(BuildCancelledError);
  });
});

describe('createImageBuilder', () => {
  const builds = loadConfig({
    GIT_ALLOW_PRIVATE_HOSTS: 'true',
    REGISTRY_URL: 'registry.example.com/x',
  }).builds;
  it('gives the pinned runtime its builder', async () => {
    expect(
      await createImageBuilder({ runtime: 'simulation', target: 'simulation' }, { builds }),
    ).toBeInstanceOf(SimulationImageBuilder);
    expect(
      await createImageBuilder(
        { runtime: 'docker', target: 'unix:///run/podman/podman.sock' },
        { builds },
      ),
    ).toBeInstanceOf(DockerImageBuilder);
    expect(
      await createImageBuilder(
        { runtime: 'kubernetes', target: 'server' },
        {
          builds,
          kubeConnection: { kind: 'server', server: 'https://127.0.0.1:6443', token: 't' },
        },
      ),
    ).toBeInstanceOf(KanikoImageBuilder);
  });
  it('parses the build settings', () => {
    expect(builds.registry).toEqual({ url: 'registry.example.com/x' });
    expect(builds.allowPrivateGitHosts).toBe(true);
    expect(loadConfig({}).builds.allowPrivateGitHosts).toBe(false);
    expect(() => loadConfig({ BUILD_BASE_IMAGES: 'cobol=x:1' })).toThrow(/BUILD_BASE_IMAGES/);
    expect(() => loadConfig({ REGISTRY_URL: 'https://registry.example.com' })).toThrow(
      /REGISTRY_URL/,
    );
  });
});
