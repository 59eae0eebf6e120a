import { cronTexts, taskTexts } from '@nuage/shared/messages/tasks';
import { apiTokenTexts } from '@nuage/shared/security-messages';
import type { Task, TasksOfApplication } from '@nuage/shared/schemas/responses/tasks';
import type { Environment, Project } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
  type DeploymentView,
} from '../../../test/helpers/deploy-factories';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call } from '../../../test/helpers/factories';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import type { TestApp } from '../../../test/helpers/test-app';

/** Scheduled tasks through the API (issue 29): validation in French, roles, personal API tokens. */
let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;
let app: DeploymentView;
const tasksOf = () => `${API}/deployments/${app.id}/tasks`;
const valid = {
  nom: 'Rapport nocturne',
  commande: 'php artisan rapport',
  planification: '0 2 * * *',
};

beforeAll(async () => {
  t = await createEngineTestApp(new FakeRuntime());
  ({ team, project, env } = await teamWithEnvironment(t));
  app = await deployApp(t, team.developer.token, env.id, { nom: 'boutique', cpu: 0.25, ram: 0.5 });
  await reconcileToStatus(t, app.id, 'RUNNING');
});
afterAll(() => t.close());

describe('POST /deployments/{id}/tasks', () => {
  it('needs a session', async () => {
    expect((await call(t, 'POST', tasksOf(), { body: valid })).statusCode).toBe(401);
  });

  it('refuses a wrong schedule with a French message naming the field', async () => {
    const post = (planification: string) =>
      call(t, 'POST', tasksOf(), {
        token: team.developer.token,
        body: { ...valid, planification },
      });
    expectIssue(await post('0 2 * *'), ['body', 'planification'], cronTexts.fieldCount);
    expectIssue(
      await post('61 2 * * *'),
      ['body', 'planification'],
      'La valeur « 61 » du champ minute doit être comprise entre 0 et 59.',
    );
    expectIssue(
      await call(t, 'POST', tasksOf(), {
        token: team.developer.token,
        body: { ...valid, fuseau_horaire: 'Lune/Cratère' },
      }),
      ['body', 'fuseau_horaire'],
      taskTexts.timeZoneInvalid('Lune/Cratère'),
    );
    expectIssue(
      await call(t, 'POST', tasksOf(), {
        token: team.developer.token,
        body: { ...valid, delai_max_secondes: 5 },
      }),
      ['body', 'delai_max_secondes'],
      taskTexts.timeoutInvalid,
    );
  });

  it('creates a task with the defaults: Abidjan, an hour, « ignorer », the French preview and next run', async () => {
    const res = await call(t, 'POST', tasksOf(), { token: team.developer.token, body: valid });
    expect(res.statusCode, res.body).toBe(201);
    const task = res.json<Task>();
    expect(task).toMatchObject({
      nom: 'Rapport nocturne',
      planification_texte: 'tous les jours à 02:00',
      fuseau_horaire: 'Africa/Abidjan',
      delai_max_secondes: 3600,
      politique_concurrence: 'ignorer',
      actif: true,
      derniere_execution: null,
    });
    const next = new Date(task.prochaine_execution!);
    expect(next.getUTCHours()).toBe(2);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('lets a member with the user role read the tasks, not create, run or read a log', async () => {
    const list = await call(t, 'GET', tasksOf(), { token: team.user.token });
    expect(list.statusCode).toBe(200);
    const [task] = list.json<TasksOfApplication>().taches;
    expect(task?.nom).toBe('Rapport nocturne');
    expect(
      (await call(t, 'POST', tasksOf(), { token: team.user.token, body: valid })).statusCode,
    ).toBe(403);
    const run = await call(t, 'POST', `${tasksOf()}/${task!.id}/run`, { token: team.user.token });
    expect(run.statusCode).toBe(403);
    const command = await call(t, 'POST', `${API}/deployments/${app.id}/commands`, {
      token: team.user.token,
      body: { commande: 'echo bonjour' },
    });
    expect(command.statusCode).toBe(403);
    // An outsider does not even learn that the application exists.
    expect((await call(t, 'GET', tasksOf(), { token: team.outsider.token })).statusCode).toBe(404);
  });

  it('edits, disables (no next run) and enables again', async () => {
    const [task] = (
      await call(t, 'GET', tasksOf(), { token: team.admin.token })
    ).json<TasksOfApplication>().taches;
    const put = (body: Record<string, unknown>) =>
      call(t, 'PUT', `${tasksOf()}/${task!.id}`, { token: team.developer.token, body });
    const off = await put({ actif: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Task>()).toMatchObject({ actif: false, prochaine_execution: null });
    const on = await put({
      actif: true,
      planification: '30 8 * * 1',
      fuseau_horaire: 'Europe/Paris',
    });
    expect(on.json<Task>()).toMatchObject({
      actif: true,
      planification_texte: 'le lundi à 08:30',
      fuseau_horaire: 'Europe/Paris',
    });
    expect(new Date(on.json<Task>().prochaine_execution!).getUTCDay()).toBe(1);
  });

  it('deletes a task (404 afterwards)', async () => {
    const created = await call(t, 'POST', tasksOf(), {
      token: team.admin.token,
      body: { ...valid, nom: 'Éphémère' },
    });
    const url = `${tasksOf()}/${created.json<Task>().id}`;
    expect((await call(t, 'DELETE', url, { token: team.user.token })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', url, { token: team.developer.token })).statusCode).toBe(204);
    expectDetail(
      await call(t, 'PUT', url, { token: team.developer.token, body: { actif: false } }),
      404,
      taskTexts.notFound,
    );
  });
});

describe('personal API tokens', () => {
  const token = async (portee: 'lecture' | 'complet') => {
    const res = await call(t, 'POST', `${API}/users/me/tokens`, {
      token: team.developer.token,
      body: { nom: `CI ${portee}`, portee, expire_dans_jours: 7, projet_id: project.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ token: string }>().token;
  };

  it('a read-only token reads the tasks but cannot run anything', async () => {
    const readOnly = await token('lecture');
    expect((await call(t, 'GET', tasksOf(), { token: readOnly })).statusCode).toBe(200);
    const [task] = (await call(t, 'GET', tasksOf(), { token: readOnly })).json<TasksOfApplication>()
      .taches;
    expectDetail(
      await call(t, 'POST', `${tasksOf()}/${task!.id}/run`, { token: readOnly }),
      403,
      apiTokenTexts.readOnly,
    );
    expectDetail(
      await call(t, 'POST', `${API}/deployments/${app.id}/commands`, {
        token: readOnly,
        body: { commande: 'echo bonjour' },
      }),
      403,
      apiTokenTexts.readOnly,
    );
    expectDetail(
      await call(t, 'POST', tasksOf(), { token: readOnly, body: valid }),
      403,
      apiTokenTexts.readOnly,
    );
  });

  it('a full token runs a command, as its owner would', async () => {
    const full = await token('complet');
    const res = await call(t, 'POST', `${API}/deployments/${app.id}/commands`, {
      token: full,
      body: { commande: 'echo depuis la CI' },
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.tasks.runner.idle();
  });
});

describe('OpenAPI', () => {
  it('documents the task routes', async () => {
    const res = await call(t, 'GET', `${API}/docs/json`);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        `${API}/deployments/{id}/tasks`,
        `${API}/deployments/{id}/tasks/{taskId}/run`,
        `${API}/deployments/{id}/commands`,
        `${API}/deployments/{id}/task-runs/{runId}/logs`,
      ]),
    );
  });
});
