import type { ProjectMember } from '@nuage/shared/api-types';
import { eq } from 'drizzle-orm';
import { accountTexts } from '@nuage/shared/security-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environments } from '../../db/schema/environments';
import { projectMembers, projects } from '../../db/schema/projects';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import {
  API,
  addMemberWithRole,
  applicationIdsOf,
  createEnvironment,
  createProject,
  insertApplication,
  settleEngine,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function deleteAccount(user: TestUser) {
  const res = await call(t, 'DELETE', `${API}/users/me`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
}

async function rolesIn(projectId: string, token: string) {
  const res = await call(t, 'GET', `${API}/projects/${projectId}/members`, { token });
  expect(res.statusCode).toBe(200);
  return res.json<ProjectMember[]>().map((m) => [m.email, m.role_projet]);
}

describe('DELETE /users/me and the projects of the account', () => {
  it('deletes the projects the account alone belongs to, with their environments and applications', async () => {
    const owner = await createVerifiedUser(t);
    const project = await createProject(t, owner.token);
    const env = await createEnvironment(t, owner.token, project.id);
    await insertApplication(t, { projectId: project.id, environmentId: env.id });

    await deleteAccount(owner);
    const other = await createVerifiedUser(t);
    expect(
      (await call(t, 'GET', `${API}/environments/${env.id}`, { token: other.token })).statusCode,
    ).toBe(404);

    await settleEngine(t);
    const db = t.database.db;
    expect(await db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(
      await db.select().from(environments).where(eq(environments.projectId, project.id)),
    ).toEqual([]);
    expect(await applicationIdsOf(t, 'projectId', project.id)).toEqual([]);
  });

  // The probe's finding: the only admin deleting their account made the earliest member admin,
  // even a read-only one. Now the deletion is refused until another admin exists.
  it('refuses, in French, to delete the only admin of a shared project, promoting no one', async () => {
    const owner = await createVerifiedUser(t);
    const reader = await createVerifiedUser(t);
    const project = await createProject(t, owner.token, { nom: 'Boutique Thiès' });
    const env = await createEnvironment(t, owner.token, project.id);
    const app = await insertApplication(t, { projectId: project.id, environmentId: env.id });
    await addMemberWithRole(t, owner.token, project.id, reader, 'user');

    const refused = await call(t, 'DELETE', `${API}/users/me`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: accountTexts.lastAdmin(['Boutique Thiès']) });
    expect(refused.json<{ detail: string }>().detail).toContain('seul administrateur');
    // Nothing changed: the account works, the reader is still a reader, the data is there.
    expect((await call(t, 'GET', `${API}/users/me`, { token: owner.token })).statusCode).toBe(200);
    expect(await rolesIn(project.id, reader.token)).toEqual([
      [owner.email, 'admin'],
      [reader.email, 'user'],
    ]);
    expect(await applicationIdsOf(t, 'projectId', project.id)).toEqual([app]);

    // Once another admin is named, the account can go and the project stays with them.
    const [, readerRow] = await call(t, 'GET', `${API}/projects/${project.id}/members`, {
      token: owner.token,
    }).then((r) => r.json<ProjectMember[]>());
    await call(t, 'PUT', `${API}/projects/${project.id}/members/${readerRow!.id}`, {
      token: owner.token,
      body: { role_projet: 'admin' },
    });
    await deleteAccount(owner);
    expect(await rolesIn(project.id, reader.token)).toEqual([[reader.email, 'admin']]);
  });

  it('promotes no one when another admin remains', async () => {
    const owner = await createVerifiedUser(t);
    const member = await createVerifiedUser(t);
    const coAdmin = await createVerifiedUser(t);
    const project = await createProject(t, owner.token);
    await addMemberWithRole(t, owner.token, project.id, member, 'user');
    await addMemberWithRole(t, owner.token, project.id, coAdmin, 'admin');

    await deleteAccount(owner);

    expect(await rolesIn(project.id, coAdmin.token)).toEqual([
      [member.email, 'user'],
      [coAdmin.email, 'admin'],
    ]);
  });

  it('only removes the membership of a non-admin member', async () => {
    const owner = await createVerifiedUser(t);
    const leaver = await createVerifiedUser(t);
    const project = await createProject(t, owner.token);
    await addMemberWithRole(t, owner.token, project.id, leaver, 'developer');

    await deleteAccount(leaver);

    expect(await rolesIn(project.id, owner.token)).toEqual([[owner.email, 'admin']]);
    const rows = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(rows).toHaveLength(1);
  });
});
