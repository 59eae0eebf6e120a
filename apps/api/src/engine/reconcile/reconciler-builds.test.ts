import type { Environment, Project } from '@nuage/shared/api-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  API,
  createEnvironment,
  createProject,
  type Team,
} from '../../../test/helpers/project-factories';
import {
  deployApp,
  putDeployment,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

interface BuildView {
  build_id: string;
  application_name: string;
  status: string;
  kind: string;
  part: string | null;
  is_standalone: boolean;
  image_url: string;
  image_tag: string;
  project: { id: string; name: string };
  repository: { branch: string | null; url: string | null };
  build_info: { created_at: string; completed_at: string | null; duration_seconds: number | null };
  error_message: string | null;
}

interface BuildList {
  builds: BuildView[];
  statistics: {
    total_builds: number;
    successful_builds: number;
    failed_builds: number;
    running_builds: number;
    success_rate: number;
  };
  pagination: { total: number; has_more: boolean };
}

let t: TestApp;
let team: Team;
let project: Project;
let env: Environment;

beforeAll(async () => {
  t = await createTestApp();
  ({ team, project, env } = await teamWithEnvironment(t));

  // Blog: first deploy (WordPress and MariaDB pulled), a scale (nothing to pull), a new tag.
  const blog = await deployApp(t, team.developer.token, env.id, { nom: 'Blog' });
  await reconcileToStatus(t, blog.id, 'RUNNING');
  await putDeployment(t, team.developer.token, blog.id, { replicas: 2 });
  await reconcileToStatus(t, blog.id, 'RUNNING');
  await putDeployment(t, team.developer.token, blog.id, { image_tag: '6.5-apache' });
  await reconcileToStatus(t, blog.id, 'RUNNING');
  // Cassé: its image cannot be pulled.
  const broken = await deployApp(t, team.developer.token, env.id, {
    nom: 'Cassé',
    image_tag: 'inexistant',
  });
  await reconcileToStatus(t, broken.id, 'FAILED');
});
afterAll(() => t.close());

async function list(query = '', token = team.user.token) {
  const res = await call(t, 'GET', `${API}/standalone-builds/images${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BuildList>();
}

describe('GET /standalone-builds/images', () => {
  it('answers 401 without a token and 422 for an unknown status filter', async () => {
    expect((await call(t, 'GET', `${API}/standalone-builds/images`)).statusCode).toBe(401);
    const res = await call(t, 'GET', `${API}/standalone-builds/images?status_filter=bof`, {
      token: team.user.token,
    });
    expect(res.statusCode).toBe(422);
  });

  it('records one download per image the runtime prepared, newest first, saying which part it runs', async () => {
    const { builds, statistics, pagination } = await list();
    const mariadb = expect.stringMatching(/^docker\.io\/library\/mariadb:/);
    expect(
      builds.map((b) => [
        b.application_name,
        b.kind,
        b.part,
        `${b.image_url}:${b.image_tag}`,
        b.status,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Cassé', 'pull', 'application', 'docker.io/library/wordpress:inexistant', 'failed'],
        ['Cassé', 'pull', 'database', mariadb, 'success'],
        ['Blog', 'pull', 'application', 'docker.io/library/wordpress:6.5-apache', 'success'],
        ['Blog', 'pull', 'application', 'docker.io/library/wordpress:6.4-apache', 'success'],
        ['Blog', 'pull', 'database', mariadb, 'success'],
      ]),
    );
    expect(builds.slice(0, 2).map((b) => b.application_name)).toEqual(['Cassé', 'Cassé']);
    expect(builds).toHaveLength(5);
    // Image downloads are not builds: no build, so no success rate either.
    expect(statistics).toEqual({
      total_builds: 0,
      successful_builds: 0,
      failed_builds: 0,
      running_builds: 0,
      success_rate: 0,
    });
    expect(pagination).toMatchObject({ total: 5, has_more: false });
    for (const b of builds) {
      expect(b).toMatchObject({
        is_standalone: false,
        project: { id: project.id, name: project.nom },
      });
      expect(b.build_info.duration_seconds).toBeGreaterThanOrEqual(0);
      expect(Date.parse(b.build_info.completed_at!)).toBeGreaterThanOrEqual(
        Date.parse(b.build_info.created_at),
      );
    }
    const times = builds.map((b) => Date.parse(b.build_info.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by status, keeping the statistics of every build', async () => {
    const failed = await list('?status_filter=failed');
    expect(failed.builds).toHaveLength(1);
    expect(failed.builds[0]).toMatchObject({
      application_name: 'Cassé',
      status: 'failed',
      image_tag: 'inexistant',
    });
    expect(failed.builds[0]!.error_message).toContain('introuvable');
    expect(failed.pagination).toMatchObject({ total: 1, has_more: false });
    expect(failed.statistics).toEqual((await list()).statistics);
    expect((await list('?status_filter=success')).builds.every((b) => b.status === 'success')).toBe(
      true,
    );
    expect((await list('?status_filter=running')).builds).toEqual([]);
    expect((await list('?status_filter=all')).builds).toHaveLength(5);
  });

  it('lists downloads and builds apart with kind', async () => {
    const pulls = await list('?kind=pull');
    expect(pulls.builds).toHaveLength(5);
    expect(pulls.builds.every((b) => b.kind === 'pull')).toBe(true);
    const built = await list('?kind=build');
    expect(built.builds).toEqual([]);
    expect(built.pagination).toMatchObject({ total: 0, has_more: false });
    const wrong = await call(t, 'GET', `${API}/standalone-builds/images?kind=bof`, {
      token: team.user.token,
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('pages with limit and offset', async () => {
    const first = await list('?limit=2');
    expect(first.builds).toHaveLength(2);
    expect(first.pagination).toMatchObject({ total: 5, has_more: true });
    const last = await list('?limit=2&offset=4');
    expect(last.builds).toHaveLength(1);
    expect(last.pagination).toMatchObject({ total: 5, has_more: false });
    const all = await list();
    expect(
      [...first.builds, ...(await list('?limit=2&offset=2')).builds, ...last.builds].map(
        (b) => b.build_id,
      ),
    ).toEqual(all.builds.map((b) => b.build_id));
  });

  it("shows only the caller's projects, and one project with project_id", async () => {
    expect((await list('', team.outsider.token)).builds).toEqual([]);
    const own = await createProject(t, team.outsider.token, {
      quota_cpu: 2,
      quota_ram: 4,
      quota_stockage: 20,
    });
    const ownEnv = await createEnvironment(t, team.outsider.token, own.id);
    const site = await deployApp(t, team.outsider.token, ownEnv.id, { nom: 'Perso' });
    await reconcileToStatus(t, site.id, 'RUNNING');
    expect((await list('', team.outsider.token)).builds.every((b) => b.project.id === own.id)).toBe(
      true,
    );
    expect((await list(`?project_id=${project.id}`)).builds).toHaveLength(5);
    const foreign = await call(t, 'GET', `${API}/standalone-builds/images?project_id=${own.id}`, {
      token: team.user.token,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
