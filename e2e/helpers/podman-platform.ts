import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { objectsOf, sweep, type Engine } from '../../bench/lib/docker-engine.mjs';
import { ensureEdgeImage } from '../../bench/lib/edge-image.mjs';
import { buildNetworkEnv, removeBuildNetwork, TEST_BUILD_ENV } from '../support/build-images';
import { startGitServer, type GitServer } from '../support/git-server/git-server';
import { createAccount } from './accounts';
import { apiClient, loginToken, type ApiCall } from './api';
import { removeBuiltImages } from './code-apps';
import { freePort, startServer, type RunningServer } from './server';

/** The built platform on Podman with its edge proxy, a Git server, and one prod environment. */
export interface PodmanPlatform {
  server: RunningServer;
  git: GitServer;
  call: ApiCall;
  token: string;
  projectId: string;
  envId: string;
  /** Applications deployed by the test: swept with their containers, volumes and images. */
  deployments: { id: string; name?: string }[];
  /** A code application from `repo` (its main branch), answered 201. */
  deployCode(nom: string, repo: string): Promise<{ id: string; build_id: string }>;
  stop(): Promise<void>;
}

export async function startPodmanPlatform(
  engine: Engine,
  socket: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<PodmanPlatform> {
  const git = await startGitServer();
  const adminDir = await mkdtemp(path.join(os.tmpdir(), 'nuage-e2e-edge-'));
  const edgeName = `${prefix}-edge`;
  const server = await startServer({
    RUNTIME: 'docker',
    DOCKER_HOST: `unix://${socket}`,
    ...TEST_BUILD_ENV,
    ...buildNetworkEnv(prefix),
    EDGE_IMAGE: await ensureEdgeImage(socket),
    EDGE_CONTAINER: edgeName,
    EDGE_HTTP_PORT: String(await freePort()),
    EDGE_HTTPS_PORT: String(await freePort()),
    EDGE_LISTEN_HOST: '127.0.0.1',
    EDGE_ADMIN_DIR: adminDir,
    NOTIFY_ALLOW_PRIVATE_TARGETS: 'true',
    ...env,
  });
  const token = await loginToken(server, await createAccount(server));
  const call = apiClient(server, token);
  const project = await call<{ id: string }>('POST', '/projects/', {
    nom: `${prefix} notifications`,
    quota_cpu: 8,
    quota_ram: 16,
    quota_stockage: 100,
  });
  const created = await call<{ id: string; namespace_k8s_id: string }>(
    'POST',
    `/environments/${project.body.id}/environments`,
    { nom: 'Production', type: 'prod' },
  );
  const deployments: PodmanPlatform['deployments'] = [];
  return {
    server,
    git,
    call,
    token,
    projectId: project.body.id,
    envId: created.body.id,
    deployments,
    async deployCode(nom, repo) {
      const res = await call<{ id: string; build_id: string }>(
        'POST',
        `/deployments/${created.body.id}/deploy/code`,
        {
          nom,
          cpu: 0.5,
          ram: 0.5,
          replicas: 1,
          type_application: 'nodejs',
          git_branch: 'main',
          build_args: {},
          helm_chart_version: '1.0.0',
          repo_url: git.url(repo),
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      deployments.push({ id: res.body.id });
      return res.body;
    },
    async stop() {
      await server.stop();
      const edge = await engine.inspect(edgeName);
      if (edge) await engine.removeContainer(edge.Id);
      for (const v of ['data', 'config']) await engine.removeVolume(`${edgeName}-${v}`);
      for (const d of deployments) {
        d.name ??= (await objectsOf(engine, d.id)).containers[0]?.name.replace(/-\d+$/, '');
      }
      await sweep(engine, { deployments, networks: [created.body.namespace_k8s_id] });
      await removeBuildNetwork(engine, prefix);
      removeBuiltImages(deployments.map((d) => d.id));
      await git.close();
      await rm(adminDir, { recursive: true, force: true });
    },
  };
}
