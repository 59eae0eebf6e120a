import { terminalTexts } from '@nuage/shared/messages/terminal';
import { projectTexts } from '@nuage/shared/messages/projects';
import { apiTokenTexts, sessionTexts } from '@nuage/shared/security-messages';
import type { Environment, Project } from '@nuage/shared/api-types';
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import type { ShellRequest, ShellSession } from '../../engine/driver';
import { EngineApi } from '../../engine/drivers/docker/engine-api';
import { openShellOnDocker } from '../../engine/drivers/docker/shell';
import type { ApplicationRef } from '../../engine/spec';
import { runId, skipReason, testClient } from '../../../test/engine/docker/test-support';
import { startShellReplicas, type ShellReplicas } from '../../../test/engine/docker/shell-replicas';
import { deployApp, reconcileToStatus } from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call, loginAs } from '../../../test/helpers/factories';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import {
  API,
  createEnvironment,
  createTeamProject,
  createTeamUsers,
  type Team,
} from '../../../test/helpers/project-factories';
import { openTerminal, type TerminalClient } from '../../../test/helpers/terminal-client';
import type { TestApp } from '../../../test/helpers/test-app';

/** A fake runtime whose applications' shells are real busybox containers on Podman. */
class ShellRuntime extends FakeRuntime {
  readonly targets = new Map<string, ApplicationRef>();
  constructor(private readonly engine: EngineApi) {
    super();
  }
  openShell(ref: ApplicationRef, request: ShellRequest): Promise<ShellSession> {
    return openShellOnDocker(this.engine, this.targets.get(ref.deploymentId)!, request);
  }
}

const ORIGIN = 'http://plateforme.test';

describe.skipIf(skipReason !== null)('the browser terminal over a WebSocket, on Podman', () => {
  const engine = new EngineApi(testClient());
  const runtime = new ShellRuntime(engine);
  let t: TestApp;
  let replicas: ShellReplicas;
  let team: Team;
  let project: Project;
  let memberIds: Record<string, string>;
  let env: Environment;
  let appId: string;
  let bareId: string;
  let base: string;

  beforeAll(async () => {
    replicas = await startShellReplicas(engine, `ndtest-${runId()}`);
    t = await createEngineTestApp(runtime, { terminal: { idleMs: 6000, recheckMs: 200 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${API}`;
    team = await createTeamUsers(t);
    ({ project, memberIds } = await createTeamProject(t, team));
    env = await createEnvironment(t, team.admin.token, project.id);
    appId = (await deployApp(t, team.developer.token, env.id, { nom: 'compta' })).id;
    bareId = (await deployApp(t, team.developer.token, env.id, { nom: 'sans-shell' })).id;
    runtime.targets.set(appId, replicas.withShell);
    runtime.targets.set(bareId, replicas.withoutShell);
    await reconcileToStatus(t, appId, 'RUNNING');
    await reconcileToStatus(t, bareId, 'RUNNING');
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await replicas?.remove();
  }, 60_000);

  const connect = (token: string, query = '', headers: Record<string, string> = {}) =>
    openTerminal(`${base}/deployments/${appId}/terminal${query}`, {
      authorization: `Bearer ${token}`,
      ...headers,
    });
  async function opened(token: string, query = ''): Promise<TerminalClient> {
    const handshake = await connect(token, query);
    if (!handshake.opened) throw new Error(`refused: ${handshake.status}`);
    const { client } = handshake;
    await client.until('ready', () => client.messages.some((m) => m.type === 'ready'));
    return client;
  }
  const closing = (client: TerminalClient) =>
    client.messages.find((m) => m.type === 'closed') as { ending: string; message: string };

  it('runs `echo $HOSTNAME` in the first replica and audits the session, not the keys', async () => {
    const client = await opened(team.developer.token);
    expect(client.messages[0]).toEqual({ type: 'ready', replica: `${replicas.withShell.name}-0` });
    client.type('echo $HOSTNAME\n');
    await client.until('the hostname', () =>
      client.output().includes(`\r\n${replicas.hostname}\r\n`),
    );
    client.ws.close();
    await client.closed;
    await waitForAudit(1);
    const [entry] = await audits();
    expect(entry!.actorUserId).toBe(team.developer.id);
    expect(entry!.targetName).toBe('compta');
    expect(entry!.details).toMatchObject({
      replica: `${replicas.withShell.name}-0`,
      fin: 'client',
    });
    expect(typeof (entry!.details as { duree_secondes: unknown }).duree_secondes).toBe('number');
    expect(JSON.stringify(entry!.details)).not.toContain('HOSTNAME');
  }, 30_000);

  it('opens the replica the browser names and tells how the shell ended', async () => {
    const client = await opened(team.admin.token, `?replica=${replicas.withShell.name}-1&cols=120`);
    client.type('hostname; exit 4\n');
    await client.until('the exit', () => closing(client) !== undefined);
    expect(client.output()).toContain(replicas.hostname.replace(/host$/, 'host1'));
    expect(closing(client)).toEqual({
      type: 'closed',
      ending: 'exit',
      message: terminalTexts.closedExit(4),
    });
    expect((await client.closed).code).toBe(1000);
  }, 30_000);

  it('refuses a `user` member, a read-only token and a foreign origin with 403 in French', async () => {
    const user = await connect(team.user.token);
    expect(user).toMatchObject({ opened: false, status: 403 });
    expect(!user.opened && user.body.detail).toBe(projectTexts.developerOrAdminOnly);

    const token = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.developer.token,
      body: { nom: 'Lecture', portee: 'lecture', expire_dans_jours: 30 },
    });
    const readOnly = await connect(token.json<{ token: string }>().token);
    expect(!readOnly.opened && readOnly.body.detail).toBe(apiTokenTexts.readOnly);

    // The session cookie counts from the platform's own page only.
    const cookie = { cookie: `nuage_session=${team.developer.token}` };
    const foreign = await openTerminal(`${base}/deployments/${appId}/terminal`, {
      ...cookie,
      origin: 'https://ailleurs.example',
    });
    expect(foreign).toMatchObject({ opened: false, status: 403 });
    expect(!foreign.opened && foreign.body.detail).toBe(sessionTexts.originRefused);
    const own = await openTerminal(`${base}/deployments/${appId}/terminal`, {
      ...cookie,
      origin: ORIGIN,
    });
    expect(own.opened).toBe(true);
    if (own.opened) own.client.ws.close();
  }, 30_000);

  it('refuses a revoked session, and closes an open terminal once its session ends', async () => {
    const ended = await loginAs(t, team.developer.email, team.developer.password);
    await call(t, 'POST', `${API}/auth/logout`, { token: ended });
    expect(await connect(ended)).toMatchObject({ opened: false, status: 401 });

    const session = await loginAs(t, team.developer.email, team.developer.password);
    const client = await opened(session);
    await call(t, 'POST', `${API}/auth/logout`, { token: session });
    await client.until('the closing', () => closing(client) !== undefined, 5000);
    expect(closing(client)).toMatchObject({
      ending: 'revoked',
      message: terminalTexts.closedRevoked,
    });
    expect((await client.closed).code).toBe(4001);
  }, 30_000);

  it('closes an open terminal when the member is made a mere user', async () => {
    const client = await opened(team.developer.token);
    const res = await call(
      t,
      'PUT',
      `${API}/projects/${project.id}/members/${memberIds.developer}`,
      {
        token: team.admin.token,
        body: { role_projet: 'user' },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    await client.until('the closing', () => closing(client) !== undefined, 5000);
    expect(closing(client).ending).toBe('revoked');
    await call(t, 'PUT', `${API}/projects/${project.id}/members/${memberIds.developer}`, {
      token: team.admin.token,
      body: { role_projet: 'developer' },
    });
  }, 30_000);

  it('closes a terminal nobody types in', async () => {
    const client = await opened(team.admin.token);
    await client.until('the idle closing', () => closing(client) !== undefined, 15_000);
    expect(closing(client)).toMatchObject({ ending: 'idle', message: terminalTexts.closedIdle(1) });
    expect((await client.closed).code).toBe(4002);
  }, 30_000);

  it('refuses in French an image without a shell, and a runtime without containers', async () => {
    const bare = await openTerminal(`${base}/deployments/${bareId}/terminal`, {
      authorization: `Bearer ${team.developer.token}`,
    });
    if (!bare.opened) throw new Error('upgrade refused');
    await bare.client.until('the refusal', () => closing(bare.client) !== undefined);
    expect(closing(bare.client)).toMatchObject({
      ending: 'refused',
      message: terminalTexts.noShell,
    });
    expect((await bare.client.closed).code).toBe(4003);

    // The simulation runtime has no container to enter.
    const openShell = runtime.openShell;
    Object.assign(runtime, { openShell: undefined });
    try {
      const handshake = await connect(team.developer.token);
      if (!handshake.opened) throw new Error('upgrade refused');
      await handshake.client.until('the refusal', () => closing(handshake.client) !== undefined);
      expect(closing(handshake.client).message).toBe(terminalTexts.needsRealRuntime);
    } finally {
      Object.assign(runtime, { openShell });
    }
  }, 30_000);

  // Last: it stops the platform.
  it('tells an open terminal that the platform stops, and audits its session first', async () => {
    const client = await opened(team.admin.token);
    await t.app.close();
    expect((await client.closed).code).toBe(1001);
    expect(closing(client)).toMatchObject({
      ending: 'shutdown',
      message: terminalTexts.closedShutdown,
    });
    const entries = await audits();
    expect(entries.at(-1)!.details).toMatchObject({ fin: 'shutdown' });
  }, 30_000);

  const audits = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.projectId, project.id), eq(auditEvents.action, 'terminal.session')),
      );
  async function waitForAudit(count: number) {
    const end = Date.now() + 5000;
    while ((await audits()).length < count && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
  }
});
