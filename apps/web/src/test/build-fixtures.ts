import type { BuildSummary, Release } from '@nuage/shared/build-types';

/** A BuildSummary of the issue 13 contract (a Node.js application's first build by default). */
export function buildBuild(overrides: Partial<BuildSummary> = {}): BuildSummary {
  return {
    build_id: 'bld-1',
    deployment_id: 'dep-code',
    application_name: 'api-commandes',
    numero: 1,
    status: 'running',
    queue_position: null,
    trigger: 'deploy',
    commit_sha: '3f9c2a17e4b8d05c6a1f2e3d4c5b6a7980f1e2d3',
    commit_message: 'Ajoute la route /commandes',
    branch: 'main',
    repository_url: 'https://git.exemple.sn/boutique/api-commandes.git',
    image_url: 'registry.nuage.sn/p1/api-commandes',
    image_tag: '3f9c2a1',
    created_at: '2025-01-10T09:00:00.000Z',
    started_at: '2025-01-10T09:00:02.000Z',
    completed_at: null,
    duration_seconds: null,
    error_message: null,
    ...overrides,
  };
}

export function buildRelease(overrides: Partial<Release> = {}): Release {
  return {
    id: 'rel-1',
    numero: 1,
    build_id: 'bld-1',
    image_url: 'registry.nuage.sn/p1/api-commandes:3f9c2a1',
    image_digest: 'sha256:9b1f0c3e5d7a2b4c6e8f0a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d',
    commit_sha: '3f9c2a17e4b8d05c6a1f2e3d4c5b6a7980f1e2d3',
    commit_message: 'Ajoute la route /commandes',
    branch: 'main',
    configuration: { cpu: 0.5, ram: 1, replicas: 1, port: 3000, env_var_names: ['NODE_ENV'] },
    created_at: '2025-01-10T09:02:00.000Z',
    is_current: true,
    rollout_error: null,
    ...overrides,
  };
}
