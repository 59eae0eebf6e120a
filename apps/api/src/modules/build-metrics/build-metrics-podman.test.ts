import type { BuildMetrics } from '@nuage/shared/schemas/responses/build-metrics';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureBuildBaseImages,
  TEST_BUSYBOX_IMAGE,
  TEST_NODE_IMAGE,
} from '../../../../../e2e/support/build-images';
import { startGitServer, type GitServer } from '../../../../../e2e/support/git-server/git-server';
import { builds } from '../../db/schema/builds';
import { parseBaseImages } from '../../engine/builds/base-images';
import { DockerImageBuilder } from '../../engine/builds/docker/docker-builder';
import { teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { runId, skipReason, SOCKET, testClient } from '../../../test/engine/docker/test-support';
import { BuildUsageSampler, databaseSink } from './sampler';

/**
 * A real build on the host's engine (Podman here) whose RUN step idles, then burns a CPU: the
 * samples stored every second while it runs show the rise, read through GET /builds/{id}/metrics.
 * Podman runs the step as buildah's own container, outside its stats API: the sampler finds it
 * by the build's memory marker in the host's cgroups (engine/builds/docker/step-usage.ts).
 */
describe.skipIf(skipReason !== null)('build usage sampled from a real Podman build', () => {
  const prefix = `ndtest-bmetrics-${runId()}`;
  const egress = { network: `${prefix}-net`, proxyImage: TEST_NODE_IMAGE, allow: [] as string[] };
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ndtest-bmetrics-'));
  const client = testClient();
  let git: GitServer;
  let t: TestApp;
  let team: Team;
  let buildId: string;

  beforeAll(async () => {
    ensureBuildBaseImages();
    git = await startGitServer();
    t = await createTestApp();
    const created = await teamWithEnvironment(t);
    team = created.team;
    const [row] = await t.database.db
      .insert(builds)
      .values({
        projectId: created.project.id,
        applicationName: 'brûleuse',
        kind: 'build',
        imageUrl: `${prefix}/burn`,
        imageTag: '1',
        status: 'running',
        runtime: 'docker',
        numero: 1,
        startedAt: new Date(),
      })
      .returning();
    buildId = row!.id;
  }, 600_000);

  afterAll(async () => {
    await client
      .request('DELETE', `/images/${encodeURIComponent(`${prefix}/burn:1`)}`, {
        query: { force: true },
      })
      .catch(() => {});
    await client
      .request('DELETE', `/containers/${egress.network}-proxy`, { query: { force: true } })
      .catch(() => {});
    await client.request('DELETE', `/networks/${egress.network}`).catch(() => {});
    await git?.close();
    await t?.close();
    rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('stores samples while the build runs, idle first, then the CPU rise', async () => {
    const sha = git.createRepository('burn', {
      // Idle 2 s, then a busy shell loop for 5 s (each `date` a new process: the step's cgroup
      // counts the CPU of the processes that already ended too).
      Dockerfile: `FROM ${TEST_BUSYBOX_IMAGE}\nRUN sleep 2 && end=$(( $(date +%s) + 5 )) && while [ $(date +%s) -lt $end ]; do :; done\n`,
    });
    const builder = new DockerImageBuilder({
      socketPath: SOCKET!,
      baseImages: parseBaseImages(`node=${TEST_NODE_IMAGE},static=${TEST_BUSYBOX_IMAGE}`),
      policy: { allowPrivateHosts: true },
      egress,
      workDir,
    });
    const sampler = new BuildUsageSampler({
      sink: databaseSink(t.database.db),
      buildId,
      intervalMs: 1000,
      maxSamples: 100,
      log: t.app.ctx.log,
    });
    await builder.build(
      {
        buildId,
        deploymentId: prefix,
        namespace: 'unused',
        source: { repositoryUrl: git.url('burn'), branch: 'main', commitSha: sha },
        templateHint: null,
        buildArgs: {},
        imageName: `${prefix}/burn`,
        tag: '1',
        limits: { cpuMilli: 1000, ramMb: 256, timeoutSeconds: 300 },
      },
      {
        signal: new AbortController().signal,
        onLog: () => {},
        onUsageProbe: (probe) => sampler.attach(probe),
      },
    );
    await sampler.stop();

    const res = await call(t, 'GET', `${API}/builds/${buildId}/metrics`, {
      token: team.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<BuildMetrics>();
    const cpu = m.series.cpu_milli;
    const idle = cpu.findIndex((v) => v < 150);
    expect(idle, `CPU samples ${cpu.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(
      cpu.slice(idle + 1).some((v) => v >= 300),
      `CPU samples ${cpu.join(', ')}`,
    ).toBe(true);
    // About one a second over the ~7 s the step ran, never two within the interval.
    expect(cpu.length).toBeGreaterThanOrEqual(5);
    expect(m.series.at.every((v, i) => i === 0 || v - m.series.at[i - 1]! >= 0.8)).toBe(true);
    expect(m.series.ram_mb.every((v) => v >= 0 && v <= 256)).toBe(true);
    expect(m.peak.cpu_milli).toBe(Math.max(...cpu));
    expect(m).toMatchObject({ simulated: false, notice: null });
  }, 300_000);
});
