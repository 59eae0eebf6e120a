import { randomUUID } from 'node:crypto';
import type { AddMemberResult, Environment, Project, ProjectMember } from '@nuage/shared/api-types';
import type { ProjectRole } from '@nuage/shared/roles';
import type { EnvironmentType } from '@nuage/shared/schemas/environments';
import { eq, isNotNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { deployments } from '../../src/db/schema/deployments';
import { environments } from '../../src/db/schema/environments';
import { invitations, projects } from '../../src/db/schema/projects';
import { ageInvitationLimits } from './clock';
import { call, createVerifiedUser, type TestUser } from './factories';
import type { TestApp } from './test-app';

export const API = '/api/v1';

export type ApiResponse = Awaited<ReturnType<typeof call>>;

/** A project body that passes every rule of SPEC §5 "Project form". */
export function projectBody(overrides: Record<string, unknown> = {}) {
  return { nom: 'Boutique en ligne', quota_cpu: 2, quota_ram: 4, quota_stockage: 20, ...overrides };
}

export async function createProject(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Project> {
  const res = await call(t, 'POST', `${API}/projects`, { token, body: projectBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`create project: ${res.statusCode} ${res.body}`);
  return res.json<Project>();
}

/**
 * Makes an existing, verified account a member: the admin invites it, the person accepts the
 * invitation from the app (GET /invitations/pending), as every member joins now.
 */
export async function addMemberWithRole(
  t: TestApp,
  adminToken: string,
  projectId: string,
  user: Pick<TestUser, 'email' | 'token'>,
  role: ProjectRole,
): Promise<ProjectMember> {
  await ageInvitationLimits(t);
  const res = await call(t, 'POST', `${API}/projects/${projectId}/members`, {
    token: adminToken,
    body: { email_utilisateur_invite: user.email, role_projet: role },
  });
  const result = res.json<AddMemberResult>();
  if (res.statusCode !== 201 || result.type !== 'invitation_sent') {
    throw new Error(`invite member: ${res.statusCode} ${res.body}`);
  }
  const pending = await call(t, 'GET', `${API}/invitations/pending`, { token: user.token });
  const invitation = pending
    .json<{ id: string; projet_id: string }[]>()
    .find((i) => i.projet_id === projectId);
  if (!invitation) throw new Error(`no pending invitation: ${pending.body}`);
  const accepted = await call(t, 'POST', `${API}/invitations/pending/${invitation.id}/accept`, {
    token: user.token,
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  const member = (await listMembers(t, adminToken, projectId)).find((m) => m.email === user.email);
  if (!member) throw new Error('member not listed after accepting');
  return member;
}

export async function listMembers(t: TestApp, token: string, projectId: string) {
  const res = await call(t, 'GET', `${API}/projects/${projectId}/members`, { token });
  if (res.statusCode !== 200) throw new Error(`list members: ${res.statusCode} ${res.body}`);
  return res.json<ProjectMember[]>();
}

export async function createEnvironment(
  t: TestApp,
  token: string,
  projectId: string,
  overrides: { nom?: string; type?: EnvironmentType } = {},
): Promise<Environment> {
  const res = await call(t, 'POST', `${API}/environments/${projectId}/environments`, {
    token,
    body: { nom: 'Production', type: 'prod', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`create environment: ${res.statusCode} ${res.body}`);
  return res.json<Environment>();
}

let appCounter = 0;

/**
 * Writes an application row directly (the deploy API does not exist yet). Quantities are in
 * cores and GB, like the API; the row stores thousandths.
 */
export async function insertApplication(
  t: TestApp,
  opts: {
    projectId: string;
    environmentId: string;
    cpu?: number;
    ram?: number;
    storage?: number;
    replicas?: number;
    nom?: string;
  },
): Promise<string> {
  appCounter += 1;
  const [row] = await t.database.db
    .insert(deployments)
    .values({
      projectId: opts.projectId,
      environmentId: opts.environmentId,
      nom: opts.nom ?? `site-${appCounter}`,
      hostLabel: `site-${appCounter}-${randomUUID().slice(0, 8)}`,
      category: 'ERP',
      template: 'wordpress',
      imageRegistryUrl: 'docker.io/library/wordpress',
      imageTag: '6.4-apache',
      cpuMilli: Math.round((opts.cpu ?? 0.5) * 1000),
      ramMb: Math.round((opts.ram ?? 0.5) * 1000),
      storageMb: Math.round((opts.storage ?? 1) * 1000),
      replicas: opts.replicas ?? 1,
      secretsSealed: 'v1:test:test:test',
    })
    .returning({ id: deployments.id });
  return row!.id;
}

export async function applicationIdsOf(
  t: TestApp,
  column: 'projectId' | 'environmentId',
  id: string,
) {
  const rows = await t.database.db
    .select({ id: deployments.id })
    .from(deployments)
    .where(eq(deployments[column], id));
  return rows.map((r) => r.id);
}

let ipCounter = 0;

/**
 * A client address of its own. The public invitation routes allow a burst of 30 calls a
 * minute per address; tests that are not about that limit each come from a new address.
 */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The token of the last invitation mailed to `email`, read from its link as the invitee would. */
export function mailedInvitationToken(t: TestApp, email: string): string {
  const link = t.mailer.linkFor(email);
  const match = /^\/invitations\/([^/]+)$/.exec(link.pathname);
  if (!match) throw new Error(`not an invitation link: ${link.href}`);
  return decodeURIComponent(match[1]!);
}

/** Invites an address that has no account; answers the mailed token and the invitation id. */
export async function inviteByEmail(
  t: TestApp,
  adminToken: string,
  projectId: string,
  email: string,
  role: ProjectRole = 'developer',
): Promise<{ token: string; invitationId: string }> {
  await ageInvitationLimits(t);
  const res = await call(t, 'POST', `${API}/projects/${projectId}/members`, {
    token: adminToken,
    body: { email_utilisateur_invite: email, role_projet: role },
  });
  const result = res.json<AddMemberResult>();
  if (res.statusCode !== 201 || result.type !== 'invitation_sent') {
    throw new Error(`invite: ${res.statusCode} ${res.body}`);
  }
  return { token: mailedInvitationToken(t, email), invitationId: result.invitation.id };
}

/** Moves an invitation's expiry into the past, as if seven days had gone by. */
export async function expireInvitation(t: TestApp, invitationId: string) {
  await t.database.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(invitations.id, invitationId));
}

/** 422 whose detail lists exactly this field and message (SPEC §5 wording). */
export function expectIssue(res: ApiResponse, loc: (string | number)[], msg: string) {
  expect(res.statusCode, res.body).toBe(422);
  const detail = res.json<{ detail: { loc: (string | number)[]; msg: string }[] }>().detail;
  expect(detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, msg })]));
}

export function expectDetail(res: ApiResponse, status: number, detail: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json<{ detail: string }>().detail).toBe(detail);
}

/** The four kinds of caller of ARCHITECTURE.md's role table, each a verified account. */
export interface Team {
  admin: TestUser;
  developer: TestUser;
  user: TestUser;
  outsider: TestUser;
}

export async function createTeamUsers(t: TestApp): Promise<Team> {
  const [admin, developer, user, outsider] = await Promise.all([
    createVerifiedUser(t, { prenom: 'Aminata', nom: 'Admin' }),
    createVerifiedUser(t, { prenom: 'Didier', nom: 'Dev' }),
    createVerifiedUser(t, { prenom: 'Ursule', nom: 'User' }),
    createVerifiedUser(t, { prenom: 'Omar', nom: 'Outsider' }),
  ]);
  return { admin: admin!, developer: developer!, user: user!, outsider: outsider! };
}

export interface TeamProject {
  project: Project;
  /** Membership ids, for /projects/{id}/members/{memberId}. */
  memberIds: Record<ProjectRole, string>;
}

/** A project created by team.admin, with team.developer and team.user as members. */
export async function createTeamProject(
  t: TestApp,
  team: Team,
  overrides: Record<string, unknown> = {},
): Promise<TeamProject> {
  const project = await createProject(t, team.admin.token, overrides);
  const dev = await addMemberWithRole(t, team.admin.token, project.id, team.developer, 'developer');
  const usr = await addMemberWithRole(t, team.admin.token, project.id, team.user, 'user');
  const members = await listMembers(t, team.admin.token, project.id);
  const adminMember = members.find((m) => m.user_id === team.admin.id)!;
  return { project, memberIds: { admin: adminMember.id, developer: dev.id, user: usr.id } };
}

/**
 * Lets the deployment engine finish the deletions the API asked for (the reconciler removes the
 * runtime objects, then the rows; an environment waits for its applications and is looked at
 * again a moment later). Test apps never start the engine on their own.
 */
export async function settleEngine(t: TestApp, timeoutMs = 15_000) {
  const db = t.database.db;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.app.engine.reconciler.runUntilIdle();
    const pending = await Promise.all([
      db.select({ id: projects.id }).from(projects).where(isNotNull(projects.deletingAt)).limit(1),
      db
        .select({ id: environments.id })
        .from(environments)
        .where(eq(environments.status, 'deleting'))
        .limit(1),
      db
        .select({ id: deployments.id })
        .from(deployments)
        .where(eq(deployments.desiredState, 'absent'))
        .limit(1),
    ]);
    if (pending.every((rows) => rows.length === 0)) return;
    if (Date.now() > deadline) throw new Error('the engine did not finish the pending deletions');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
