import type { EnvVarView as EnvVar } from '@nuage/shared/build-types';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildBuild, buildRelease } from '@/test/build-fixtures';
import { buildDetail } from './detail-fixture';

export const REPO = 'https://git.exemple.sn/boutique/api-commandes.git';

/** A Node.js application built from Git (issue 13), serving its release 2. */
export function buildCodeDetail(overrides: Partial<DeploymentDetail> = {}): DeploymentDetail {
  return buildDetail({
    nom: 'api-commandes',
    template: 'nodejs',
    template_name: 'Node.js',
    image_url: 'registry.nuage.sn/p1/api-commandes',
    image_registry_url: 'registry.nuage.sn/p1/api-commandes',
    image_tag: 'b2b2b2b',
    repository_url: REPO,
    git_branch: 'main',
    git_token_id: null,
    source_kind: 'code',
    current_release: { id: 'rel-2', numero: 2 },
    base_de_donnees: null,
    ...overrides,
  });
}

/** #3 running (a push), #2 succeeded, #1 failed (syntax error). */
export const codeBuilds = [
  buildBuild({
    build_id: 'b3',
    numero: 3,
    status: 'running',
    trigger: 'webhook',
    commit_sha: 'c3c3c3c3c3',
    commit_message: 'Corrige la TVA',
  }),
  buildBuild({
    build_id: 'b2',
    numero: 2,
    status: 'success',
    trigger: 'redeploy',
    commit_sha: 'b2b2b2b2b2',
    commit_message: 'Ajoute la route /commandes',
    completed_at: '2025-01-10T09:01:10.000Z',
    duration_seconds: 68,
  }),
  buildBuild({
    build_id: 'b1',
    numero: 1,
    status: 'failed',
    trigger: 'deploy',
    commit_sha: 'a1a1a1a1a1',
    commit_message: 'Premier commit',
    completed_at: '2025-01-10T08:50:30.000Z',
    duration_seconds: 30,
    error_message: 'La commande « npm run build » a échoué (code 1).',
  }),
];

export const codeReleases = [
  buildRelease({
    id: 'rel-2',
    numero: 2,
    build_id: 'b2',
    commit_sha: 'b2b2b2b2b2',
    is_current: true,
  }),
  buildRelease({
    id: 'rel-1',
    numero: 1,
    build_id: 'b0',
    commit_sha: 'f0f0f0f0f0',
    commit_message: 'Version de démonstration',
    created_at: '2025-01-09T18:00:00.000Z',
    is_current: false,
  }),
];

export const codeEnvVars: EnvVar[] = [
  { name: 'NODE_ENV', value: 'production', secret: false },
  { name: 'STRIPE_KEY', value: null, secret: true },
];
