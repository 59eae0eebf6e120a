import { composeTexts } from '@nuage/shared/messages/compose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deploymentRow,
  projectWithQuotas,
  quotaError,
  reconcileToStatus,
  teamWithEnvironment,
  usageOf,
} from '../../../test/helpers/deploy-factories';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  t = await createTestApp();
  const created = await teamWithEnvironment(t);
  ({ team } = created);
  envId = created.env.id;
});
afterAll(() => t.close());

const PASSWORD = 'mot-de-passe-de-la-base-42';
const STACK = `
services:
  web:
    image: node:22-slim
    command: ["node", "/srv/server.js"]
    environment:
      PGHOST: db
      PGPASSWORD: ${PASSWORD}
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 256M
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${PASSWORD}
    volumes:
      - pgdata:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD-SHELL", "pg_isready -U postgres"]
volumes:
  pgdata:
    x-taille: 2G
`;

let counter = 0;
function composeBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    nom: `pile-${counter}`,
    fichier_compose: STACK,
    service_expose: 'web',
    port: 8080,
    ...overrides,
  };
}
const postCompose = (token: string, body: unknown, env = envId) =>
  call(t, 'POST', `${API}/deployments/${env}/deploy/compose`, { token, body });

describe('POST /deployments/{envId}/deploy/compose', () => {
  it('reserves the sum of the services’ limits and volumes, lists the services, never the file', async () => {
    const { project: own, env } = await projectWithQuotas(t, team, 4, 8, 20);
    const res = await postCompose(team.developer.token, composeBody(), env.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(PASSWORD);
    const created = res.json<{
      id: string;
      source_kind: string;
      template_name: string;
      cpu_requis: number;
      ram_requise: number;
      stockage_requis: number;
      compose: unknown;
    }>();
    // web 0.25 core + db's default 0.5; 256 MiB (269 MB) + 512 MB; the 2 GiB volume.
    expect(created).toMatchObject({
      source_kind: 'compose',
      template_name: 'Docker Compose',
      cpu_requis: 0.75,
      ram_requise: 0.781,
      stockage_requis: 2.148,
    });
    expect(created.compose).toEqual({
      service_expose: 'web',
      port: 8080,
      services: [
        {
          nom: 'db',
          image: 'postgres:16',
          cpu: 0.5,
          ram: 0.512,
          limites_du_fichier: false,
          construit: false,
        },
        {
          nom: 'web',
          image: 'node:22-slim',
          cpu: 0.25,
          ram: 0.269,
          limites_du_fichier: true,
          construit: false,
        },
      ],
      volumes: [{ nom: 'pgdata', taille: 2.148 }],
      chemin_compose: null,
    });
    expect(await usageOf(t, team, own)).toMatchObject({ cpu: 0.75, ram: 0.781, stockage: 2.148 });
    const row = await deploymentRow(t, created.id);
    // Sealed: its environment holds passwords.
    expect(row?.composeFileSealed).toBeTruthy();
    expect(row?.composeFileSealed).not.toContain(PASSWORD);
    expect(JSON.stringify(row?.settings)).not.toContain(PASSWORD);
  });

  it('refuses a stack whose sum does not fit the quota, with the same refusal as any application', async () => {
    const { env } = await projectWithQuotas(t, team, 0.5, 8, 20);
    const detail = quotaError(await postCompose(team.admin.token, composeBody(), env.id));
    expect(detail.quota_exceeded).toEqual([
      'CPU : 0,75 core(s) demandé(s), 0,5 core(s) disponible(s) sur 0,5',
    ]);
  });

  it('refuses a privileged service and a host path, each with its exact reason, creating nothing', async () => {
    const file = `services:
  web:
    image: nginx:1.27
    privileged: true
    volumes:
      - /var/run/docker.sock:/var/run/docker.sock
`;
    const res = await postCompose(
      team.admin.token,
      composeBody({ fichier_compose: file, service_expose: 'web', port: 80 }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json<{ detail: { loc: string[]; msg: string }[] }>().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'fichier_compose'],
        msg: composeTexts.privileged('web'),
      }),
      expect.objectContaining({
        loc: ['body', 'fichier_compose'],
        msg: composeTexts.hostPath('web', '/var/run/docker.sock'),
      }),
    ]);
    const list = await call(t, 'GET', `${API}/deployments/${envId}/deployments`, {
      token: team.admin.token,
    });
    expect(list.body).not.toContain('"nginx"');
  });

  it('refuses an exposed service the file does not declare, and an empty file', async () => {
    expectIssue(
      await postCompose(team.admin.token, composeBody({ service_expose: 'api' })),
      ['body', 'service_expose'],
      composeTexts.exposedServiceUnknown('api'),
    );
    expectIssue(
      await postCompose(team.admin.token, composeBody({ fichier_compose: '' })),
      ['body', 'fichier_compose'],
      composeTexts.fileRequired,
    );
  });

  it('refuses a service name another stack of the environment already uses', async () => {
    const { env } = await projectWithQuotas(t, team, 4, 8, 20);
    const first = await postCompose(team.admin.token, composeBody({ nom: 'premiere' }), env.id);
    expect(first.statusCode, first.body).toBe(201);
    expectIssue(
      await postCompose(team.admin.token, composeBody({ nom: 'seconde' }), env.id),
      ['body', 'fichier_compose'],
      composeTexts.serviceNameTaken('db', 'premiere'),
    );
  });

  it('takes a new version of the file: its new sum checked against the quota, the resources edited only there', async () => {
    const { project: own, env } = await projectWithQuotas(t, team, 1, 8, 20);
    const res = await postCompose(team.admin.token, composeBody(), env.id);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const put = (fichier_compose: string) =>
      call(t, 'PUT', `${API}/deployments/deployment/${id}/compose`, {
        token: team.developer.token,
        body: { fichier_compose, service_expose: 'web', port: 8080 },
      });
    // web at 0.75 core: 1.25 in all, above the quota of 1.
    const detail = quotaError(await put(STACK.replace('cpus: "0.25"', 'cpus: "0.75"')));
    expect(detail.quota_exceeded).toEqual([
      'CPU : 1,25 core(s) demandé(s), 1 core(s) disponible(s) sur 1',
    ]);
    const lowered = await put(STACK.replace('cpus: "0.25"', 'cpus: "0.1"'));
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(lowered.json<{ cpu_requis: number }>().cpu_requis).toBe(0.6);
    expect(await usageOf(t, team, own)).toMatchObject({ cpu: 0.6 });
    expect((await deploymentRow(t, id))?.generation).toBe(2);
    expectIssue(
      await call(t, 'PUT', `${API}/deployments/deployment/${id}`, {
        token: team.admin.token,
        body: { cpu_requis: 2 },
      }),
      ['body', 'cpu_requis'],
      composeTexts.editInFile,
    );
    expectIssue(
      await put(STACK.replace('image: node:22-slim', 'image: node:22-slim\n    privileged: true')),
      ['body', 'fichier_compose'],
      composeTexts.privileged('web'),
    );
  });

  it('says in French that its automatic scaling is not supported yet', async () => {
    const { env } = await projectWithQuotas(t, team, 4, 8, 20);
    const res = await postCompose(team.admin.token, composeBody(), env.id);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    expectDetail(
      await call(t, 'PUT', `${API}/deployments/${id}/autoscaling`, {
        token: team.admin.token,
        body: {
          active: true,
          min_instances: 1,
          max_instances: 3,
          cible_cpu: 60,
          cible_memoire: null,
        },
      }),
      409,
      composeTexts.autoscalingNotYet,
    );
  });

  it('refuses a user (403) and a stranger (404)', async () => {
    expect((await postCompose(team.user.token, composeBody())).statusCode).toBe(403);
    expect((await postCompose(team.outsider.token, composeBody())).statusCode).toBe(404);
  });

  it('runs on the simulation runtime like any application', async () => {
    const res = await postCompose(team.admin.token, composeBody());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    await reconcileToStatus(t, id, 'RUNNING');
    expect((await deploymentRow(t, id))?.statusReason).toBeNull();
  });
});
