import { apiTokenTexts } from '@nuage/shared/security-messages';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customBody, createCustom } from '../../test/certificates/api';
import { leafFor, makeAuthorities } from '../../test/certificates/pki';
import { codeTestApp, deployCodeApp, runBuildToEnd } from '../../test/helpers/code-factories';
import { deployApp } from '../../test/helpers/deploy-factories';
import { call, createVerifiedUser, type TestUser } from '../../test/helpers/factories';
import { API, createEnvironment, createProject } from '../../test/helpers/project-factories';
import type { TestApp } from '../../test/helpers/test-app';
import { projectMembers, projects } from '../db/schema/projects';

/**
 * A personal API token limited to one project, used as an attacker who obtained it would: it
 * must reach that project's resources and nothing else. The route table is walked whole (the
 * OpenAPI document lists every route): each authenticated route is either account-level and
 * refuses the token (403, French), or project-scoped and answers 404 for every object of
 * another project of the same owner — who, with a session, could act on all of them.
 */
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let scoped: string;
let mine: { id: string; nom: string };
let other: { id: string; nom: string };
const ids: Record<string, string> = {};

const ACCOUNT_LEVEL = [
  'POST /api/v1/projects',
  'GET /api/v1/invitations/pending',
  'POST /api/v1/invitations/pending/{id}/accept',
  'GET /api/v1/users/me',
  'GET /api/v1/users/me/notifications',
  'POST /api/v1/users/me/notifications/read',
  'GET /api/v1/users/me/notification-preferences',
  'PUT /api/v1/users/me/notification-preferences',
  'PUT /api/v1/users/me',
  'DELETE /api/v1/users/me',
  'POST /api/v1/users/me/confirm-email',
  'DELETE /api/v1/users/me/pending-email',
  'GET /api/v1/users/me/sessions',
  'DELETE /api/v1/users/me/sessions',
  'DELETE /api/v1/users/me/sessions/{id}',
  'POST /api/v1/auth/logout',
  'GET /api/v1/users/me/tokens',
  'POST /api/v1/users/me/tokens',
  'DELETE /api/v1/users/me/tokens/{id}',
  'GET /api/v1/users/me/2fa',
  'POST /api/v1/users/me/2fa/setup',
  'POST /api/v1/users/me/2fa/enable',
  'POST /api/v1/users/me/2fa/disable',
  'POST /api/v1/users/me/2fa/recovery-codes',
  'GET /api/v1/billing',
  'PUT /api/v1/billing/plan',
].sort();

/** Project-scoped routes that show no object by id: what they answer must not name `other`. */
const LISTS_AND_NEUTRAL = [
  'GET /api/v1/projects',
  // The engines and versions the operator offers: nothing of any tenant.
  'GET /api/v1/databases/engines',
  'GET /api/v1/dashboard',
  'GET /api/v1/dashboard/metrics/history',
  'GET /api/v1/dashboard/summary',
  'GET /api/v1/certificates',
  'GET /api/v1/standalone-builds/images',
  'GET /api/v1/pricing/my-usage',
  'GET /api/v1/pricing/presets',
  'GET /api/v1/pricing/comparison',
  'GET /api/v1/pricing/estimate-project',
  'POST /api/v1/pricing/calculate',
  'POST /api/v1/pricing/recommend',
  'GET /api/v1/platform',
  'GET /api/v1/buildpack/templates/available',
  'GET /api/v1/deployments/buildpacks',
];

/** Bodies and queries the routes accept, so the project check (not validation) decides. */
const BODIES: Record<string, unknown> = {
  'POST /api/v1/environments/{envId}/databases': {
    nom: 'volee',
    moteur: 'postgresql',
    cpu: 0.5,
    ram: 1,
    storage: 1,
  },
  'POST /api/v1/databases/{id}/credentials/reveal': { mot_de_passe: 'x' },
  'POST /api/v1/databases/{id}/credentials/regenerate': { mot_de_passe: 'x' },
  'POST /api/v1/databases/{id}/links': { application_id: '00000000-0000-4000-8000-000000000000' },
  'PUT /api/v1/databases/{id}/public-access': { actif: false },
  'PUT /api/v1/databases/{id}/version': { version: '16' },
  'POST /api/v1/projects/{id}/final-backups/{backupId}/restore': {
    environment_id: '00000000-0000-4000-8000-000000000000',
    nom: 'volee',
  },
  'PUT /api/v1/projects/{id}': { nom: 'Repris', quota_cpu: 4, quota_ram: 8, quota_stockage: 50 },
  'POST /api/v1/projects/{id}/members': {
    email_utilisateur_invite: 'complice@exemple.sn',
    role_projet: 'admin',
  },
  'PUT /api/v1/projects/{id}/members/{memberId}': { role_projet: 'user' },
  'PUT /api/v1/projects/{id}/status-page': { active: true },
  'POST /api/v1/deployments/{id}/metric-alerts': {
    type: 'cpu',
    seuil: 90,
    minutes: 10,
    active: true,
  },
  'PUT /api/v1/deployments/{id}/metric-alerts/{ruleId}': {
    type: 'cpu',
    seuil: 90,
    minutes: 10,
    active: true,
  },
  'PUT /api/v1/deployments/{id}/uptime-check': {
    chemin: '/',
    code_attendu: null,
    delai_secondes: 5,
  },
  'PUT /api/v1/deployments/{id}/image-watch': { redeploiement_auto: true },
  'POST /api/v1/projects/{id}/git-tokens': { nom: 'Volé', token: 'ghp_x' },
  'POST /api/v1/projects/{id}/registry-credentials': {
    registre: 'ghcr.io',
    utilisateur: 'espion',
    mot_de_passe: 'x',
  },
  'POST /api/v1/projects/{id}/notification-channels': {
    nom: 'Espion',
    type: 'webhook',
    evenements: ['deployment.failed'],
    url: 'https://hooks.exemple.sn/espion',
    secret: 'un-secret-assez-long',
  },
  'PUT /api/v1/projects/{id}/notification-channels/{channelId}': {
    nom: 'Espion',
    type: 'webhook',
    evenements: ['deployment.failed'],
  },
  'PUT /api/v1/projects/{id}/backup-destination': {
    endpoint: 'https://203.0.113.10',
    bucket: 'sauvegardes',
    access_key_id: 'a',
    secret_access_key: 's',
  },
  'POST /api/v1/environments/{projectId}/environments': { nom: 'pirate', type: 'dev' },
  'PUT /api/v1/environments/{id}': { nom: 'pirate', type: 'dev' },
  'POST /api/v1/deployments/{envId}/deploy/erp': {
    nom: 'Pirate',
    cpu: 0.5,
    ram: 1,
    replicas: 1,
    type_application: 'wordpress',
  },
  'POST /api/v1/deployments/{envId}/deploy/image': {
    nom: 'Pirate',
    image: 'ghcr.io/pirate/api:1',
    port: 8080,
    cpu: 0.5,
    ram: 1,
    replicas: 1,
  },
  'POST /api/v1/deployments/{envId}/deploy/compose': {
    nom: 'Pirate',
    fichier_compose: 'services:\n  web:\n    image: nginx:1.27\n',
    service_expose: 'web',
    port: 80,
  },
  'PUT /api/v1/deployments/deployment/{id}/compose': {
    fichier_compose: 'services:\n  web:\n    image: nginx:1.27\n',
    service_expose: 'web',
    port: 80,
  },
  'POST /api/v1/deployments/{envId}/deploy/code': {
    nom: 'Pirate',
    cpu: 0.5,
    ram: 1,
    replicas: 1,
    type_application: 'nodejs',
    repo_url: 'https://git.exemple.sn/equipe/api.git',
  },
  'PUT /api/v1/deployments/deployment/{id}': { replicas: 2 },
  'POST /api/v1/deployments/deployment/{id}/admin-password/reveal': { mot_de_passe: 'x' },
  'POST /api/v1/deployments/deployment/{id}/admin-password/regenerate': { mot_de_passe: 'x' },
  'POST /api/v1/deployments/{id}/backups/{backupId}/restore': { confirmation: true },
  'PUT /api/v1/deployments/{id}/backup-schedule': {
    actif: true,
    conservation_nombre: 7,
    conservation_jours: 30,
  },
  'PUT /api/v1/deployments/{id}/source': {
    repository_url: 'https://git.exemple.sn/equipe/api.git',
    git_branch: 'main',
    git_token_id: null,
    build_args: {},
    port: null,
  },
  'PUT /api/v1/deployments/{id}/env-vars': [],
  'POST /api/v1/deployments/{id}/tasks': {
    nom: 'Espion',
    commande: 'cat /etc/passwd',
    planification: '* * * * *',
  },
  'PUT /api/v1/deployments/{id}/tasks/{taskId}': { actif: false },
  'PUT /api/v1/deployments/{id}/previews': { actif: true, cpu: 0.25, ram: 0.5 },
  'POST /api/v1/deployments/{id}/commands': { commande: 'env' },
  'PUT /api/v1/deployments/{id}/autoscaling': {
    active: true,
    min_instances: 1,
    max_instances: 3,
    cible_cpu: 60,
    cible_memoire: null,
  },
  'POST /api/v1/deployments/{id}/releases/{releaseId}/promote': {
    deployment_id: '00000000-0000-4000-8000-000000000000',
  },
  'POST /api/v1/pricing/calculate': { cpu: 1, ram: 1, storage: 10 },
  'POST /api/v1/pricing/recommend': {
    application_type: 'wordpress',
    expected_users: 50,
    traffic_level: 'medium',
  },
  'PUT /api/v1/certificates/{id}': { nom: 'Repris' },
  'POST /api/v1/certificates': null, // built in beforeAll: the other project's id in the body
  'POST /api/v1/certificates/letsencrypt': null,
};

beforeAll(async () => {
  ({ t } = await codeTestApp());
  owner = await createVerifiedUser(t);
  stranger = await createVerifiedUser(t);
  mine = await createProject(t, owner.token, { nom: 'Projet du jeton' });
  other = await createProject(t, owner.token, { nom: 'Projet hors de portée' });
  const env = await createEnvironment(t, owner.token, other.id);
  const app = await deployApp(t, owner.token, env.id, { nom: 'Boutique hors de portée' });
  const code = await deployCodeApp(t, owner.token, env, { nom: 'API hors de portée' });
  await runBuildToEnd(t, owner.token, code.build_id);
  const releases = await call(t, 'GET', `${API}/deployments/${code.id}/releases`, {
    token: owner.token,
  });
  const { root } = makeAuthorities('Portée');
  const cert = await createCustom(
    t,
    owner.token,
    customBody(other.id, leafFor(root, ['portee.exemple.sn'])),
  );
  const gitToken = await call(t, 'POST', `${API}/projects/${other.id}/git-tokens`, {
    token: owner.token,
    body: { nom: 'CI', token: 'ghp_ci' },
  });
  const invited = await call(t, 'POST', `${API}/projects/${other.id}/members`, {
    token: owner.token,
    body: { email_utilisateur_invite: 'invitee@exemple.sn', role_projet: 'user' },
  });
  const members = await call(t, 'GET', `${API}/projects/${other.id}/members`, {
    token: owner.token,
  });
  Object.assign(ids, {
    project: other.id,
    environment: env.id,
    deployment: app.id,
    code: code.id,
    build: code.build_id,
    release: releases.json<{ id: string }[]>()[0]!.id,
    certificate: cert.id,
    gitToken: gitToken.json<{ id: string }>().id,
    invitation: invited.json<{ invitation: { id: string } }>().invitation.id,
    member: members.json<{ id: string }[]>()[0]!.id,
  });
  const created = await call(t, 'POST', `${API}/users/me/tokens`, {
    token: owner.token,
    body: { nom: 'CI limitée', portee: 'complet', expire_dans_jours: 30, projet_id: mine.id },
  });
  expect(created.statusCode, created.body).toBe(201);
  scoped = created.json<{ token: string }>().token;
  BODIES['POST /api/v1/certificates'] = customBody(other.id, leafFor(root, ['autre.exemple.sn']));
  BODIES['POST /api/v1/certificates/letsencrypt'] = {
    nom_domaine: 'autre.exemple.sn',
    email: 'admin@exemple.sn',
    projet_id: other.id,
  };
}, 120_000);
afterAll(() => t.close());

const projectCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(projects))[0]!.n);

describe('a token limited to one project, used outside it (issue 24)', () => {
  it('cannot create a project', async () => {
    const before = await projectCount();
    const res = await call(t, 'POST', `${API}/projects`, {
      token: scoped,
      body: { nom: 'Projet pirate', quota_cpu: 1, quota_ram: 1, quota_stockage: 1 },
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ detail: apiTokenTexts.projectLimited });
    expect(await projectCount()).toBe(before);
  });

  it('can neither list nor accept the owner’s invitations to other projects', async () => {
    const theirs = await createProject(t, stranger.token, { nom: 'Projet d’un tiers' });
    const invite = await call(t, 'POST', `${API}/projects/${theirs.id}/members`, {
      token: stranger.token,
      body: { email_utilisateur_invite: owner.email, role_projet: 'admin' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const pending = await call(t, 'GET', `${API}/invitations/pending`, { token: scoped });
    expect(pending.statusCode).toBe(403);
    expect(pending.body).not.toContain('Projet d’un tiers');
    const listed = await call(t, 'GET', `${API}/invitations/pending`, { token: owner.token });
    const invitationId = listed.json<{ id: string }[]>()[0]!.id;
    const accept = await call(t, 'POST', `${API}/invitations/pending/${invitationId}/accept`, {
      token: scoped,
    });
    expect(accept.statusCode).toBe(403);
    expect(accept.json()).toEqual({ detail: apiTokenTexts.projectLimited });
    const joined = await t.database.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, theirs.id), eq(projectMembers.userId, owner.id)));
    expect(joined).toEqual([]);
  });

  it('still works in its own project, and an unrestricted token or the session still does it all', async () => {
    expect((await call(t, 'GET', `${API}/projects/${mine.id}`, { token: scoped })).statusCode).toBe(
      200,
    );
    const free = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: owner.token,
      body: { nom: 'CI complète', portee: 'complet', expire_dans_jours: 7 },
    });
    const unrestricted = free.json<{ token: string }>().token;
    expect(
      (await call(t, 'GET', `${API}/invitations/pending`, { token: unrestricted })).statusCode,
    ).toBe(200);
    expect((await call(t, 'GET', `${API}/users/me`, { token: unrestricted })).statusCode).toBe(200);
  });
});

interface Route {
  method: string;
  path: string;
  key: string;
}

/** Every route of the OpenAPI document (HEAD aside: it is GET's). */
function routeTable(): Route[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path, key: `${m.toUpperCase()} ${path}` })),
  );
}

/** The other project's object each path parameter names. */
function concrete(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'projectId') return ids.project!;
    if (name === 'envId') return ids.environment!;
    if (name === 'buildId') return ids.build!;
    if (name === 'releaseId') return ids.release!;
    if (name === 'memberId') return ids.member!;
    if (name === 'invitationId') return ids.invitation!;
    if (name === 'tokenId') return ids.gitToken!;
    if (name === 'backupId') return '00000000-0000-4000-8000-000000000000';
    // `{id}`: what the path is about.
    if (/^\/api\/v1\/(projects|monitoring\/projects|statistics\/projects)\//.test(path))
      return ids.project!;
    if (path.startsWith('/api/v1/environments/')) return ids.environment!;
    if (path.startsWith('/api/v1/certificates/')) return ids.certificate!;
    if (/\/(builds|redeploy|source|releases|env-vars|webhook)/.test(path)) return ids.code!;
    if (/^\/api\/v1\/(deployments|monitoring\/applications)\//.test(path)) return ids.deployment!;
    return '00000000-0000-4000-8000-000000000000';
  });
}

const QUERIES: Record<string, string> = {
  'GET /api/v1/pricing/estimate-project': '?cpu=1&ram=2&storage=20',
  'GET /api/v1/pricing/comparison': '?monthly_price=10000',
};

const send = (route: Route, token?: string) => {
  const url = concrete(route.path) + (QUERIES[route.key] ?? '');
  const body = BODIES[route.key];
  return t.app.inject({
    method: route.method as 'GET',
    url,
    ...(route.method === 'GET' || route.method === 'DELETE'
      ? {}
      : { payload: (body ?? {}) as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
};

describe('the route table, walked with a token limited to one project', () => {
  it('lists the account-level routes exactly; each refuses the token with 403 in French', async () => {
    const authenticated: Route[] = [];
    for (const route of routeTable()) {
      if (route.path.startsWith('/api/v1/webhooks/')) continue; // signed, no bearer
      if ((await send(route)).statusCode === 401) authenticated.push(route);
    }
    const refused: string[] = [];
    for (const route of authenticated) {
      const res = await send(route, scoped);
      if (
        res.statusCode === 403 &&
        res.json<{ detail: unknown }>().detail === apiTokenTexts.projectLimited
      )
        refused.push(route.key);
    }
    expect(refused.sort()).toEqual(ACCOUNT_LEVEL);
  });

  it('every other authenticated route answers 404 for the other project’s objects, or names none of them', async () => {
    const leaks: string[] = [];
    const checked: string[] = [];
    for (const route of routeTable()) {
      if (route.path.startsWith('/api/v1/webhooks/') || ACCOUNT_LEVEL.includes(route.key)) continue;
      if ((await send(route)).statusCode !== 401) continue; // public
      const res = await send(route, scoped);
      checked.push(route.key);
      if (LISTS_AND_NEUTRAL.includes(route.key)) {
        if (res.statusCode >= 300 || res.body.includes(other.id) || res.body.includes(other.nom))
          leaks.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else if (res.statusCode !== 404) {
        leaks.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk really covered the project routes (an empty table would pass vacuously).
    expect(checked.length).toBeGreaterThan(60);
    // Nothing of the other project changed under the token.
    const [still] = await t.database.db.select().from(projects).where(eq(projects.id, other.id));
    expect(still).toMatchObject({ nom: 'Projet hors de portée', deletingAt: null });
  });
});
