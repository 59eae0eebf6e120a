import type { ProjectMember } from '@nuage/shared/api-types';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/client';
import { projectMembers, projects } from '../../db/schema/projects';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import {
  API,
  addMemberWithRole,
  createProject,
  createTeamProject,
  createTeamUsers,
  type ApiResponse,
  type Team,
} from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * Changes to who administers a project are decided under the project-row lock. These tests
 * play another transaction that holds that lock while a request arrives: the request must wait
 * and decide on what that transaction committed.
 */

let t: TestApp;
let team: Team;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeamUsers(t);
});
afterAll(() => t.close());

/** Runs `change` in a transaction holding the project row while `request` is sent. */
async function whileProjectLocked(
  projectId: string,
  change: (tx: Transaction) => Promise<void>,
  request: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  let pending: Promise<ApiResponse> | undefined;
  await t.database.db.transaction(async (tx) => {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    await change(tx);
    pending = request();
    // Long enough for a request that does not wait for the lock to finish first.
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  return pending!;
}

async function roles(projectId: string) {
  const rows = await t.database.db
    .select({ userId: projectMembers.userId, role: projectMembers.role })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return new Map(rows.map((r) => [r.userId, r.role]));
}

async function setRole(
  tx: Transaction,
  projectId: string,
  userId: string,
  role: ProjectMember['role_projet'],
) {
  await tx
    .update(projectMembers)
    .set({ role })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

describe('decisions under the project lock', () => {
  it('an admin demoted while their request waits can no longer change roles', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    await call(t, 'PUT', `${API}/projects/${project.id}/members/${memberIds.developer}`, {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    const res = await whileProjectLocked(
      project.id,
      (tx) => setRole(tx, project.id, team.developer.id, 'developer'),
      () =>
        call(t, 'PUT', `${API}/projects/${project.id}/members/${memberIds.user}`, {
          token: team.developer.token,
          body: { role_projet: 'admin' },
        }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect((await roles(project.id)).get(team.user.id)).toBe('user');
  });

  it('an admin demoted while their request waits can no longer remove members', async () => {
    const { project, memberIds } = await createTeamProject(t, team);
    await call(t, 'PUT', `${API}/projects/${project.id}/members/${memberIds.developer}`, {
      token: team.admin.token,
      body: { role_projet: 'admin' },
    });
    const res = await whileProjectLocked(
      project.id,
      (tx) => setRole(tx, project.id, team.developer.id, 'developer'),
      () =>
        call(t, 'DELETE', `${API}/projects/${project.id}/members/${memberIds.user}`, {
          token: team.developer.token,
        }),
    );
    expect(res.statusCode, res.body).toBe(403);
    expect((await roles(project.id)).has(team.user.id)).toBe(true);
  });

  it('deleting an admin account while the other admin steps down is refused: an admin stays', async () => {
    const leaving = await createVerifiedUser(t);
    const coAdmin = await createVerifiedUser(t);
    const member = await createVerifiedUser(t);
    const project = await createProject(t, leaving.token);
    await addMemberWithRole(t, leaving.token, project.id, coAdmin, 'admin');
    await addMemberWithRole(t, leaving.token, project.id, member, 'user');

    // The co-admin's own demotion is under way (it checked that `leaving` is still an admin).
    const res = await whileProjectLocked(
      project.id,
      (tx) => setRole(tx, project.id, coAdmin.id, 'developer'),
      () => call(t, 'DELETE', `${API}/users/me`, { token: leaving.token }),
    );
    // Seen under the project lock: `leaving` is now the only admin, so the account stays.
    expect(res.statusCode, res.body).toBe(409);
    const after = await roles(project.id);
    expect(after.get(leaving.id)).toBe('admin');
    expect([...after.values()].filter((r) => r === 'admin')).toHaveLength(1);
  });
});
