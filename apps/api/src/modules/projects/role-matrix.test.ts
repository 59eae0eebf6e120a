import type {
  Environment,
  Project,
  ProjectInvitation,
  ProjectMember,
} from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createVerifiedUser,
  uniqueEmail,
  type TestUser,
} from '../../../test/helpers/factories';
import {
  API,
  addMemberWithRole,
  createEnvironment,
  createProject,
  createTeamProject,
  createTeamUsers,
  inviteByEmail,
  projectBody,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * ARCHITECTURE.md "Roles", route by route: every project, member, project-invitation and
 * environment call, made by an admin, a developer, a user and a non-member of one project.
 * The minimum roles are written out here from the document, not imported from the code, so
 * a change of rule in the code cannot silently change what this test expects.
 */

type Caller = 'admin' | 'developer' | 'user' | 'nonMember';
const callers: Caller[] = ['admin', 'developer', 'user', 'nonMember'];
type Expected = Record<Caller, number>;

/** "see the project, its environments…": every member. */
const everyMember = (ok: number): Expected => ({
  admin: ok,
  developer: ok,
  user: ok,
  nonMember: 404,
});
/** "create, edit, delete environments…": developer and admin. */
const developerAndAdmin = (ok: number): Expected => ({
  admin: ok,
  developer: ok,
  user: 403,
  nonMember: 404,
});
/** "edit the project and its quotas, invite, change roles, remove members, delete the project": admin. */
const adminOnly = (ok: number): Expected => ({
  admin: ok,
  developer: 403,
  user: 403,
  nonMember: 404,
});

const ADMIN_ONLY = 'Action réservée aux administrateurs du projet.';
const DEV_OR_ADMIN = 'Action réservée aux développeurs et administrateurs du projet.';
const PROJECT_NOT_FOUND = 'Projet non trouvé';
const ENVIRONMENT_NOT_FOUND = 'Environnement non trouvé';

interface Fixture {
  projectId: string;
  environmentId: string;
  invitationId: string;
  /** Membership ids; the non-member's is that of another member, "target". */
  memberIds: Record<Caller, string>;
  targetMemberId: string;
}

interface Route {
  name: string;
  request(
    f: Fixture,
    caller: Caller,
  ): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown };
  expected: Expected;
  forbidden?: string;
  notFound: string;
  /** For calls that change something: did the change happen? Checked for allowed and refused calls. */
  applied?(f: Fixture, caller: Caller): Promise<boolean>;
}

let t: TestApp;
let team: Team;
let target: TestUser;
let shared: Fixture;

const tokenOf = (caller: Caller) => (caller === 'nonMember' ? team.outsider : team[caller]).token;

async function buildFixture(): Promise<Fixture> {
  const { project, memberIds } = await createTeamProject(t, team);
  const targetMember = await addMemberWithRole(t, team.admin.token, project.id, target, 'user');
  const env = await createEnvironment(t, team.admin.token, project.id, { nom: 'Production' });
  const { invitationId } = await inviteByEmail(
    t,
    team.admin.token,
    project.id,
    uniqueEmail('matrice'),
    'user',
  );
  return {
    projectId: project.id,
    environmentId: env.id,
    invitationId,
    memberIds: { ...memberIds, nonMember: targetMember.id },
    targetMemberId: targetMember.id,
  };
}

async function members(f: Fixture) {
  return (
    await call(t, 'GET', `${API}/projects/${f.projectId}/members`, { token: team.admin.token })
  ).json<ProjectMember[]>();
}

async function environmentOf(f: Fixture) {
  return call(t, 'GET', `${API}/environments/${f.environmentId}`, { token: team.admin.token });
}

const routes: Route[] = [
  {
    name: 'GET /projects/{id}',
    request: (f) => ({ method: 'GET', url: `/projects/${f.projectId}` }),
    expected: everyMember(200),
    notFound: PROJECT_NOT_FOUND,
  },
  {
    name: 'PUT /projects/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/projects/${f.projectId}`,
      body: projectBody({ nom: 'Modifié', quota_cpu: 64 }),
    }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) => {
      const res = await call(t, 'GET', `${API}/projects/${f.projectId}`, {
        token: team.admin.token,
      });
      return res.json<Project>().nom === 'Modifié';
    },
  },
  {
    name: 'DELETE /projects/{id}',
    request: (f) => ({ method: 'DELETE', url: `/projects/${f.projectId}` }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) =>
      (await call(t, 'GET', `${API}/projects/${f.projectId}`, { token: team.admin.token }))
        .statusCode === 404,
  },
  {
    name: 'GET /projects/{id}/members',
    request: (f) => ({ method: 'GET', url: `/projects/${f.projectId}/members` }),
    expected: everyMember(200),
    notFound: PROJECT_NOT_FOUND,
  },
  {
    name: 'POST /projects/{id}/members (invite)',
    request: (f) => ({
      method: 'POST',
      url: `/projects/${f.projectId}/members`,
      body: { email_utilisateur_invite: `matrice-${f.projectId}@exemple.sn`, role_projet: 'admin' },
    }),
    expected: adminOnly(201),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) => {
      const res = await call(t, 'GET', `${API}/projects/${f.projectId}/invitations`, {
        token: team.admin.token,
      });
      return res
        .json<ProjectInvitation[]>()
        .some((i) => i.email === `matrice-${f.projectId}@exemple.sn`);
    },
  },
  {
    name: "PUT /projects/{id}/members/{memberId} (another member's role)",
    request: (f) => ({
      method: 'PUT',
      url: `/projects/${f.projectId}/members/${f.targetMemberId}`,
      body: { role_projet: 'developer' },
    }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) =>
      (await members(f)).find((m) => m.id === f.targetMemberId)?.role_projet === 'developer',
  },
  {
    name: 'PUT /projects/{id}/members/{memberId} (promoting oneself to admin)',
    request: (f, caller) => ({
      method: 'PUT',
      url: `/projects/${f.projectId}/members/${f.memberIds[caller]}`,
      body: { role_projet: 'admin' },
    }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f, caller) =>
      (await members(f)).find((m) => m.id === f.memberIds[caller])?.role_projet === 'admin',
  },
  {
    name: 'DELETE /projects/{id}/members/{memberId} (removing another member)',
    request: (f) => ({
      method: 'DELETE',
      url: `/projects/${f.projectId}/members/${f.targetMemberId}`,
    }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) => !(await members(f)).some((m) => m.id === f.targetMemberId),
  },
  {
    // Any member may leave; the last admin may not (400, covered in members.test.ts).
    name: 'DELETE /projects/{id}/members/{own memberId} (leaving)',
    request: (f, caller) => ({
      method: 'DELETE',
      url: `/projects/${f.projectId}/members/${f.memberIds[caller]}`,
    }),
    expected: { admin: 400, developer: 200, user: 200, nonMember: 404 },
    notFound: PROJECT_NOT_FOUND,
    applied: async (f, caller) => !(await members(f)).some((m) => m.id === f.memberIds[caller]),
  },
  {
    name: 'GET /projects/{id}/invitations',
    request: (f) => ({ method: 'GET', url: `/projects/${f.projectId}/invitations` }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
  },
  {
    name: 'DELETE /projects/{id}/invitations/{invitationId}',
    request: (f) => ({
      method: 'DELETE',
      url: `/projects/${f.projectId}/invitations/${f.invitationId}`,
    }),
    expected: adminOnly(200),
    forbidden: ADMIN_ONLY,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) => {
      const res = await call(t, 'GET', `${API}/projects/${f.projectId}/invitations`, {
        token: team.admin.token,
      });
      return !res.json<ProjectInvitation[]>().some((i) => i.id === f.invitationId);
    },
  },
  {
    name: 'GET /environments/{projectId}/environments',
    request: (f) => ({ method: 'GET', url: `/environments/${f.projectId}/environments` }),
    expected: everyMember(200),
    notFound: PROJECT_NOT_FOUND,
  },
  {
    name: 'POST /environments/{projectId}/environments',
    request: (f) => ({
      method: 'POST',
      url: `/environments/${f.projectId}/environments`,
      body: { nom: 'Recette', type: 'staging' },
    }),
    expected: developerAndAdmin(201),
    forbidden: DEV_OR_ADMIN,
    notFound: PROJECT_NOT_FOUND,
    applied: async (f) => {
      const res = await call(t, 'GET', `${API}/environments/${f.projectId}/environments`, {
        token: team.admin.token,
      });
      return res.json<Environment[]>().some((e) => e.nom === 'Recette');
    },
  },
  {
    name: 'GET /environments/{id}',
    request: (f) => ({ method: 'GET', url: `/environments/${f.environmentId}` }),
    expected: everyMember(200),
    notFound: ENVIRONMENT_NOT_FOUND,
  },
  {
    name: 'PUT /environments/{id}',
    request: (f) => ({
      method: 'PUT',
      url: `/environments/${f.environmentId}`,
      body: { nom: 'Renommé', type: 'dev' },
    }),
    expected: developerAndAdmin(200),
    forbidden: DEV_OR_ADMIN,
    notFound: ENVIRONMENT_NOT_FOUND,
    applied: async (f) => (await environmentOf(f)).json<Environment>().nom === 'Renommé',
  },
  {
    name: 'DELETE /environments/{id}',
    request: (f) => ({ method: 'DELETE', url: `/environments/${f.environmentId}` }),
    expected: developerAndAdmin(200),
    forbidden: DEV_OR_ADMIN,
    notFound: ENVIRONMENT_NOT_FOUND,
    applied: async (f) => (await environmentOf(f)).statusCode === 404,
  },
  {
    name: 'GET /environments/{id}/status',
    request: (f) => ({ method: 'GET', url: `/environments/${f.environmentId}/status` }),
    expected: everyMember(200),
    notFound: ENVIRONMENT_NOT_FOUND,
  },
  {
    name: 'GET /environments/{id}/config',
    request: (f) => ({ method: 'GET', url: `/environments/${f.environmentId}/config` }),
    expected: everyMember(200),
    notFound: ENVIRONMENT_NOT_FOUND,
  },
];

const cases = routes.flatMap((route) =>
  callers.map((caller) => ({
    route,
    caller,
    status: route.expected[caller],
    label: `${route.name} as ${caller}`,
  })),
);

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
  target = await createVerifiedUser(t, { prenom: 'Tidiane', nom: 'Cible' });
  // The non-member is not a stranger to the platform: they run a project of their own.
  await createProject(t, team.outsider.token, { nom: 'Projet du voisin' });
  shared = await buildFixture();
});
afterAll(() => t.close());

describe('role matrix (ARCHITECTURE.md "Roles")', () => {
  it('covers every project, member, project-invitation and environment route', () => {
    const covered = new Set(routes.map((r) => r.name.split(' (')[0]));
    expect([...covered].sort()).toEqual(
      [
        'DELETE /environments/{id}',
        'DELETE /projects/{id}',
        'DELETE /projects/{id}/invitations/{invitationId}',
        'DELETE /projects/{id}/members/{memberId}',
        'DELETE /projects/{id}/members/{own memberId}',
        'GET /environments/{id}',
        'GET /environments/{id}/config',
        'GET /environments/{id}/status',
        'GET /environments/{projectId}/environments',
        'GET /projects/{id}',
        'GET /projects/{id}/invitations',
        'GET /projects/{id}/members',
        'POST /environments/{projectId}/environments',
        'POST /projects/{id}/members',
        'PUT /environments/{id}',
        'PUT /projects/{id}',
        'PUT /projects/{id}/members/{memberId}',
      ].sort(),
    );
  });

  it.each(cases)('$label → $status', async ({ route, caller, status }) => {
    // Calls that change something each get a project of their own.
    const fixture = route.applied ? await buildFixture() : shared;
    const { method, url, body } = route.request(fixture, caller);
    const res = await call(t, method, `${API}${url}`, { token: tokenOf(caller), body });

    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json()).toEqual({ detail: route.forbidden });
    if (status === 404) expect(res.json()).toEqual({ detail: route.notFound });
    if (route.applied) {
      const succeeded = status >= 200 && status < 300;
      expect(await route.applied(fixture, caller)).toBe(succeeded);
    }
  });
});
