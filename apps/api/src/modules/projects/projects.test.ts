import type { Project, ProjectMember, ProjectPage } from '@nuage/shared/api-types';
import { paginationTexts } from '@nuage/shared/messages/pagination';
import { serverDetails } from '@nuage/shared/messages';
import { projectMessages } from '@nuage/shared/schemas/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../../db/schema/deployments';
import { environments } from '../../db/schema/environments';
import { invitations, projectMembers, projects } from '../../db/schema/projects';
import {
  call,
  createVerifiedUser,
  uniqueEmail,
  type TestUser,
} from '../../../test/helpers/factories';
import {
  API,
  addMemberWithRole,
  applicationIdsOf,
  createEnvironment,
  createProject,
  createTeamProject,
  createTeamUsers,
  expectDetail,
  expectIssue,
  insertApplication,
  inviteByEmail,
  projectBody,
  settleEngine,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const ADMIN_ONLY = 'Action réservée aux administrateurs du projet.';
const NOT_FOUND = 'Projet non trouvé';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Every rule of SPEC §5 "Project form", with the field it is reported on. */
const formRules: { name: string; body: Record<string, unknown>; field: string; msg: string }[] = [
  {
    name: 'nom missing',
    body: projectBody({ nom: undefined }),
    field: 'nom',
    msg: projectMessages.nomRequired,
  },
  {
    name: 'nom blank',
    body: projectBody({ nom: '   ' }),
    field: 'nom',
    msg: projectMessages.nomRequired,
  },
  {
    name: 'quota_cpu missing',
    body: projectBody({ quota_cpu: undefined }),
    field: 'quota_cpu',
    msg: 'Le quota CPU est requis',
  },
  {
    name: 'quota_cpu not a number',
    body: projectBody({ quota_cpu: 'deux' }),
    field: 'quota_cpu',
    msg: 'Le quota CPU est requis',
  },
  {
    name: 'quota_cpu below 0.1',
    body: projectBody({ quota_cpu: 0.09 }),
    field: 'quota_cpu',
    msg: 'Minimum 0.1 core',
  },
  {
    name: 'quota_ram missing',
    body: projectBody({ quota_ram: undefined }),
    field: 'quota_ram',
    msg: 'Le quota RAM est requis',
  },
  {
    name: 'quota_ram below 0.5',
    body: projectBody({ quota_ram: 0.4 }),
    field: 'quota_ram',
    msg: 'Minimum 0.5 GB',
  },
  {
    name: 'quota_stockage missing',
    body: projectBody({ quota_stockage: undefined }),
    field: 'quota_stockage',
    msg: 'Le quota stockage est requis',
  },
  {
    name: 'quota_stockage below 1',
    body: projectBody({ quota_stockage: 0.9 }),
    field: 'quota_stockage',
    msg: 'Minimum 1 GB',
  },
  {
    name: 'nom over 100 characters',
    body: projectBody({ nom: 'n'.repeat(101) }),
    field: 'nom',
    msg: projectMessages.nomTooLong,
  },
  {
    name: 'description over 1000 characters',
    body: projectBody({ description: 'd'.repeat(1001) }),
    field: 'description',
    msg: projectMessages.descriptionTooLong,
  },
  {
    name: 'quota_cpu above the maximum',
    body: projectBody({ quota_cpu: 1001 }),
    field: 'quota_cpu',
    msg: projectMessages.cpuMax,
  },
  {
    name: 'quota_ram above the maximum',
    body: projectBody({ quota_ram: 4097 }),
    field: 'quota_ram',
    msg: projectMessages.ramMax,
  },
  {
    name: 'quota_stockage above the maximum',
    body: projectBody({ quota_stockage: 100001 }),
    field: 'quota_stockage',
    msg: projectMessages.storageMax,
  },
];

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
});
afterAll(() => t.close());

async function projectIdsOf(user: TestUser) {
  const res = await call(t, 'GET', `${API}/projects`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return res.json<ProjectPage>().projects.map((p) => p.id);
}

async function projectPage(user: TestUser, query: string) {
  const res = await call(t, 'GET', `${API}/projects${query}`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProjectPage>();
}

describe('GET /projects', () => {
  it('answers 401 without a token and with a forged one', async () => {
    expectDetail(await call(t, 'GET', `${API}/projects`), 401, serverDetails.notAuthenticated);
    expectDetail(
      await call(t, 'GET', `${API}/projects`, { token: 'pas.un.jeton' }),
      401,
      serverDetails.sessionInvalid,
    );
  });

  it("lists only the caller's projects, newest first, each with the caller's role", async () => {
    const alice = await createVerifiedUser(t);
    const bob = await createVerifiedUser(t);
    expect(await projectIdsOf(alice)).toEqual([]);

    const first = await createProject(t, alice.token, { nom: 'Premier' });
    const second = await createProject(t, alice.token, { nom: 'Second' });
    const bobs = await createProject(t, bob.token, { nom: 'Chez Bob' });

    expect(await projectIdsOf(alice)).toEqual([second.id, first.id]);
    expect(await projectIdsOf(bob)).toEqual([bobs.id]);

    await addMemberWithRole(t, bob.token, bobs.id, alice, 'user');
    const res = await call(t, 'GET', `${API}/projects/`, { token: alice.token });
    const list = res.json<ProjectPage>().projects;
    expect(list.map((p) => p.id).sort()).toEqual([first.id, second.id, bobs.id].sort());
    expect(list.find((p) => p.id === bobs.id)!.role_projet).toBe('user');
    expect(list.find((p) => p.id === first.id)!.role_projet).toBe('admin');
  });

  it('shows each project with its usage and counts', async () => {
    const owner = await createVerifiedUser(t);
    const project = await createProject(t, owner.token);
    const env = await createEnvironment(t, owner.token, project.id);
    await insertApplication(t, {
      projectId: project.id,
      environmentId: env.id,
      cpu: 0.5,
      ram: 1,
      storage: 5,
      replicas: 2,
    });
    const [listed] = (
      await call(t, 'GET', `${API}/projects`, { token: owner.token })
    ).json<ProjectPage>().projects;
    expect(listed).toMatchObject({
      id: project.id,
      usage: { cpu: 1, ram: 2, stockage: 5 },
      environments_count: 1,
      applications_count: 1,
    });
  });
});

describe('GET /projects, a page at a time', () => {
  let reader: TestUser;
  let ids: string[]; // newest first

  beforeAll(async () => {
    reader = await createVerifiedUser(t);
    const owner = await createVerifiedUser(t);
    const first = await createProject(t, reader.token, { nom: 'Page A' });
    const second = await createProject(t, reader.token, { nom: 'Page B' });
    const shared = await createProject(t, owner.token, { nom: 'Page C' });
    await addMemberWithRole(t, owner.token, shared.id, reader, 'user');
    ids = [shared.id, second.id, first.id];
  });

  it('answers the first page of 20 by default, with the total', async () => {
    expect(await projectPage(reader, '')).toMatchObject({
      pagination: { total: 3, limit: 20, offset: 0, has_more: false },
    });
    expect((await projectPage(reader, '')).projects.map((p) => p.id)).toEqual(ids);
  });

  it('walks the list page by page, each project once', async () => {
    const first = await projectPage(reader, '?limit=2');
    expect(first.projects.map((p) => p.id)).toEqual(ids.slice(0, 2));
    expect(first.pagination).toEqual({ total: 3, limit: 2, offset: 0, has_more: true });
    const next = await projectPage(reader, '?limit=2&offset=2');
    expect(next.projects.map((p) => p.id)).toEqual(ids.slice(2));
    expect(next.pagination).toEqual({ total: 3, limit: 2, offset: 2, has_more: false });
    // The page still carries each project's role: the shared one is only "user" here.
    expect(first.projects[0]!.role_projet).toBe('user');
  });

  it('answers an empty page past the end, still with the total', async () => {
    for (const offset of [3, 50]) {
      expect(await projectPage(reader, `?limit=2&offset=${offset}`)).toEqual({
        projects: [],
        pagination: { total: 3, limit: 2, offset, has_more: false },
      });
    }
    expect((await projectPage(reader, '?limit=100')).projects).toHaveLength(3);
    expect((await projectPage(reader, '?limit=1&offset=2')).projects.map((p) => p.id)).toEqual([
      ids[2],
    ]);
  });

  it('refuses a bad limit or offset in French', async () => {
    const get = (query: string) =>
      call(t, 'GET', `${API}/projects${query}`, { token: reader.token });
    for (const limit of ['0', '101', 'abc', '2.5', '-1']) {
      expectIssue(
        await get(`?limit=${limit}`),
        ['querystring', 'limit'],
        paginationTexts.limitRange(100),
      );
    }
    for (const offset of ['-1', 'x', '1.5']) {
      expectIssue(
        await get(`?offset=${offset}`),
        ['querystring', 'offset'],
        paginationTexts.offsetPositive,
      );
    }
  });
});

describe('POST /projects', () => {
  it('answers 401 without a token', async () => {
    const res = await call(t, 'POST', `${API}/projects`, { body: projectBody() });
    expectDetail(res, 401, serverDetails.notAuthenticated);
  });

  it.each(formRules)(
    'answers 422 when $name, and creates nothing',
    async ({ body, field, msg }) => {
      const before = await projectIdsOf(team.outsider);
      const res = await call(t, 'POST', `${API}/projects`, { token: team.outsider.token, body });
      expectIssue(res, ['body', field], msg);
      expect(await projectIdsOf(team.outsider)).toEqual(before);
    },
  );

  it('accepts the minimum quotas exactly (0.1 core, 0.5 GB, 1 GB)', async () => {
    const res = await call(t, 'POST', `${API}/projects`, {
      token: team.outsider.token,
      body: projectBody({ quota_cpu: 0.1, quota_ram: 0.5, quota_stockage: 1 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Project>()).toMatchObject({
      quota_cpu: 0.1,
      quota_ram: 0.5,
      quota_stockage: 1,
    });
  });

  it('creates the project with its creator as admin', async () => {
    const creator = await createVerifiedUser(t);
    const res = await call(t, 'POST', `${API}/projects/`, {
      token: creator.token,
      body: {
        nom: '  Site vitrine  ',
        description: 'Le site de la boutique',
        quota_cpu: 1.5,
        quota_ram: 2,
        quota_stockage: 10,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json<Project>();
    expect(project).toEqual({
      id: expect.any(String),
      nom: 'Site vitrine',
      description: 'Le site de la boutique',
      quota_cpu: 1.5,
      quota_ram: 2,
      quota_stockage: 10,
      date_creation: expect.any(String),
      role_projet: 'admin',
      usage: { cpu: 0, ram: 0, stockage: 0 },
      environments_count: 0,
      applications_count: 0,
    });
    expect(Date.now() - Date.parse(project.date_creation)).toBeLessThan(60_000);

    const members = await call(t, 'GET', `${API}/projects/${project.id}/members`, {
      token: creator.token,
    });
    expect(members.json<ProjectMember[]>()).toEqual([
      expect.objectContaining({ user_id: creator.id, email: creator.email, role_projet: 'admin' }),
    ]);
  });

  it('stores an empty or missing description as none', async () => {
    const empty = await createProject(t, team.outsider.token, { description: '   ' });
    const missing = await createProject(t, team.outsider.token, { description: undefined });
    const nulled = await createProject(t, team.outsider.token, { description: null });
    expect([empty.description, missing.description, nulled.description]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('GET /projects/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(
      await call(t, 'GET', `${API}/projects/${project.id}`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it("answers 404 for another tenant's project, an unknown id and a malformed id alike", async () => {
    const project = await createProject(t, team.admin.token);
    for (const id of [project.id, UNKNOWN_ID, 'pas-un-uuid']) {
      expectDetail(
        await call(t, 'GET', `${API}/projects/${id}`, { token: team.outsider.token }),
        404,
        NOT_FOUND,
      );
    }
  });

  it('shows the project to each member with their own role', async () => {
    const { project } = await createTeamProject(t, team);
    for (const [who, role] of [
      [team.admin, 'admin'],
      [team.developer, 'developer'],
      [team.user, 'user'],
    ] as const) {
      const res = await call(t, 'GET', `${API}/projects/${project.id}/`, { token: who.token });
      expect(res.statusCode).toBe(200);
      expect(res.json<Project>()).toEqual({ ...project, role_projet: role });
    }
  });
});

describe('PUT /projects/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    const res = await call(t, 'PUT', `${API}/projects/${project.id}`, { body: projectBody() });
    expectDetail(res, 401, serverDetails.notAuthenticated);
  });

  it.each(formRules)(
    'answers 422 when $name, and changes nothing',
    async ({ body, field, msg }) => {
      const project = await createProject(t, team.admin.token);
      const res = await call(t, 'PUT', `${API}/projects/${project.id}`, {
        token: team.admin.token,
        body,
      });
      expectIssue(res, ['body', field], msg);
      const after = await call(t, 'GET', `${API}/projects/${project.id}`, {
        token: team.admin.token,
      });
      expect(after.json<Project>()).toEqual(project);
    },
  );

  it('answers 403 to a developer and a user, and changes nothing', async () => {
    const { project } = await createTeamProject(t, team);
    for (const who of [team.developer, team.user]) {
      const res = await call(t, 'PUT', `${API}/projects/${project.id}`, {
        token: who.token,
        body: projectBody({ nom: 'Piraté', quota_cpu: 100 }),
      });
      expectDetail(res, 403, ADMIN_ONLY);
    }
    const after = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: team.admin.token,
    });
    expect(after.json<Project>()).toMatchObject({ nom: project.nom, quota_cpu: project.quota_cpu });
  });

  it('answers 404 to a non-member and for an unknown project', async () => {
    const project = await createProject(t, team.admin.token);
    for (const id of [project.id, UNKNOWN_ID]) {
      const res = await call(t, 'PUT', `${API}/projects/${id}`, {
        token: team.outsider.token,
        body: projectBody(),
      });
      expectDetail(res, 404, NOT_FOUND);
    }
  });

  it('lets an admin edit name, description and quotas', async () => {
    const project = await createProject(t, team.admin.token, { description: 'avant' });
    const res = await call(t, 'PUT', `${API}/projects/${project.id}`, {
      token: team.admin.token,
      body: { nom: 'Renommé', description: '', quota_cpu: 3.5, quota_ram: 8, quota_stockage: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Project>()).toEqual({
      ...project,
      nom: 'Renommé',
      description: null,
      quota_cpu: 3.5,
      quota_ram: 8,
      quota_stockage: 50,
    });
    const reread = await call(t, 'GET', `${API}/projects/${project.id}`, {
      token: team.admin.token,
    });
    expect(reread.json<Project>()).toEqual(res.json<Project>());
  });

  describe('quotas and what the applications already use', () => {
    // Two replicas of 0.5 core / 1 GB with 5 GB of storage: 1 core, 2 GB RAM, 5 GB storage used.
    async function projectUsing() {
      const project = await createProject(t, team.admin.token, {
        quota_cpu: 4,
        quota_ram: 8,
        quota_stockage: 50,
      });
      const env = await createEnvironment(t, team.admin.token, project.id);
      await insertApplication(t, {
        projectId: project.id,
        environmentId: env.id,
        cpu: 0.5,
        ram: 1,
        storage: 5,
        replicas: 2,
      });
      return project;
    }

    it.each([
      { resource: 'CPU', quotas: { quota_cpu: 0.9 }, words: ['CPU', '0,9', '1'] },
      { resource: 'RAM', quotas: { quota_ram: 1.5 }, words: ['RAM', '1,5', '2'] },
      { resource: 'stockage', quotas: { quota_stockage: 4 }, words: ['stockage', '4', '5'] },
    ])(
      'refuses to lower the $resource quota below the usage, naming it',
      async ({ quotas, words }) => {
        const project = await projectUsing();
        const res = await call(t, 'PUT', `${API}/projects/${project.id}`, {
          token: team.admin.token,
          body: projectBody({
            quota_cpu: 4,
            quota_ram: 8,
            quota_stockage: 50,
            nom: 'Changé',
            ...quotas,
          }),
        });
        expect(res.statusCode, res.body).toBe(409);
        const detail = res.json<{ detail: string }>().detail;
        expect(detail).toMatch(/^Impossible de réduire le quota/);
        for (const word of words) expect(detail).toContain(word);
        const after = await call(t, 'GET', `${API}/projects/${project.id}`, {
          token: team.admin.token,
        });
        expect(after.json<Project>()).toMatchObject({
          nom: project.nom,
          quota_cpu: 4,
          quota_ram: 8,
          quota_stockage: 50,
        });
      },
    );

    it('allows lowering every quota down to exactly the usage', async () => {
      const project = await projectUsing();
      const res = await call(t, 'PUT', `${API}/projects/${project.id}`, {
        token: team.admin.token,
        body: projectBody({ quota_cpu: 1, quota_ram: 2, quota_stockage: 5 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Project>()).toMatchObject({
        quota_cpu: 1,
        quota_ram: 2,
        quota_stockage: 5,
        usage: { cpu: 1, ram: 2, stockage: 5 },
      });
    });
  });
});

describe('DELETE /projects/{id}', () => {
  it('answers 401 without a token', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(
      await call(t, 'DELETE', `${API}/projects/${project.id}`),
      401,
      serverDetails.notAuthenticated,
    );
  });

  it('answers 403 to a developer and a user, and the project stays', async () => {
    const { project } = await createTeamProject(t, team);
    for (const who of [team.developer, team.user]) {
      expectDetail(
        await call(t, 'DELETE', `${API}/projects/${project.id}`, { token: who.token }),
        403,
        ADMIN_ONLY,
      );
    }
    expect(
      (await call(t, 'GET', `${API}/projects/${project.id}`, { token: team.admin.token }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 to a non-member, and the project stays', async () => {
    const project = await createProject(t, team.admin.token);
    expectDetail(
      await call(t, 'DELETE', `${API}/projects/${project.id}`, { token: team.outsider.token }),
      404,
      NOT_FOUND,
    );
    expectDetail(
      await call(t, 'DELETE', `${API}/projects/${UNKNOWN_ID}`, { token: team.admin.token }),
      404,
      NOT_FOUND,
    );
    expect(
      (await call(t, 'GET', `${API}/projects/${project.id}`, { token: team.admin.token }))
        .statusCode,
    ).toBe(200);
  });

  it('deletes the project with its members, environments, applications and invitations, and nothing else', async () => {
    const { project } = await createTeamProject(t, team);
    const env = await createEnvironment(t, team.admin.token, project.id, { nom: 'Prod' });
    const staging = await createEnvironment(t, team.admin.token, project.id, {
      nom: 'Staging',
      type: 'staging',
    });
    await insertApplication(t, { projectId: project.id, environmentId: env.id });
    await insertApplication(t, { projectId: project.id, environmentId: staging.id });
    const invite = await inviteByEmail(t, team.admin.token, project.id, uniqueEmail('invite'));

    const kept = await createProject(t, team.admin.token, { nom: 'Gardé' });
    const keptEnv = await createEnvironment(t, team.admin.token, kept.id);
    const keptApp = await insertApplication(t, { projectId: kept.id, environmentId: keptEnv.id });

    const res = await call(t, 'DELETE', `${API}/projects/${project.id}/`, {
      token: team.admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Projet supprimé avec succès.' });

    // Gone for every caller at once: the project, its environments, its invitation link.
    expectDetail(
      await call(t, 'GET', `${API}/projects/${project.id}`, { token: team.admin.token }),
      404,
      NOT_FOUND,
    );
    expect(await projectIdsOf(team.developer)).not.toContain(project.id);
    expect(await projectIdsOf(team.admin)).toContain(kept.id);
    for (const id of [env.id, staging.id]) {
      expectDetail(
        await call(t, 'GET', `${API}/environments/${id}`, { token: team.admin.token }),
        404,
        'Environnement non trouvé',
      );
    }
    expectDetail(
      await call(t, 'GET', `${API}/environments/${project.id}/environments`, {
        token: team.admin.token,
      }),
      404,
      NOT_FOUND,
    );
    expect(
      (await call(t, 'GET', `${API}/invitations/${invite.token}`, { ip: '10.250.0.1' })).statusCode,
    ).toBe(404);
    const db = t.database.db;
    expect(
      await db.select().from(invitations).where(eq(invitations.projectId, project.id)),
    ).toEqual([]);

    // Once the engine has removed the runtime objects, no row of the project is left.
    await settleEngine(t);
    expect(await db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(
      await db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id)),
    ).toEqual([]);
    expect(
      await db.select().from(environments).where(eq(environments.projectId, project.id)),
    ).toEqual([]);
    expect(
      await db.select().from(deployments).where(eq(deployments.projectId, project.id)),
    ).toEqual([]);

    expect(await applicationIdsOf(t, 'projectId', kept.id)).toEqual([keptApp]);
    expect(
      (await call(t, 'GET', `${API}/environments/${keptEnv.id}`, { token: team.admin.token }))
        .statusCode,
    ).toBe(200);

    expectDetail(
      await call(t, 'DELETE', `${API}/projects/${project.id}`, { token: team.admin.token }),
      404,
      NOT_FOUND,
    );
  });
});
