import { randomBytes } from 'node:crypto';
import { composeTexts } from '@nuage/shared/messages/compose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine } from '../bench/lib/docker-engine.mjs';
import { buildLog, finishedBuild, getFresh, serving, type ReleaseView } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { NOTES_SERVER } from './support/perl-notes-server';

/**
 * A Compose file taken from the application's Git repository on Podman (issue 30 item 2): the
 * repository's `web` service has `build: ./web`, built by the host's builder at each commit,
 * beside the Debian-built PostgreSQL (`postgres:15-alpine`, IMAGE_OVERRIDES to this host's
 * copy). The app serves at its URL; a new commit is a new release whose built image serves, the
 * database's named volume kept; a rollback serves the first build again; a commit whose file
 * asks for a privilege fails its build with the exact reason while the release keeps serving.
 *
 * The HTTP app is a few lines of Perl built on the same PostgreSQL image (it has perl and psql);
 * its VERSION is the Dockerfile's, so what serves is what the build made.
 */
const detected = await detectEngine();
const POSTGRES = 'docker.io/library/postgres:15-alpine';
const skipReason = detected.skipReason;
if (skipReason && process.env.CI)
  throw new Error(`CI must run the Compose tests, but ${skipReason}`);
if (skipReason) console.warn(`[e2e compose from git] skipped: ${skipReason}`);

const prefix = `nde2e-cmpg-${randomBytes(3).toString('hex')}`;

const dockerfile = (version: string) => `FROM ${POSTGRES}
ENV VERSION=${version}
COPY server.pl /srv/server.pl
ENTRYPOINT ["perl", "/srv/server.pl"]
`;

const COMPOSE = (extra = '') => `services:
  web:
    build: ./web
    environment:
      DB_PASSWORD: mot-de-passe-de-la-base
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 128M
${extra}  db:
    image: postgres:15-alpine
    environment:
      POSTGRES_PASSWORD: mot-de-passe-de-la-base
    volumes:
      - donnees:/var/lib/postgresql/data
    healthcheck:
      test: ["CMD", "pg_isready", "-h", "127.0.0.1", "-U", "postgres"]
      interval: 2s
      timeout: 5s
    deploy:
      resources:
        limits:
          cpus: "0.5"
          memory: 256M
volumes:
  donnees:
    x-taille: 1G
`;

describe.skipIf(skipReason !== null)('a Compose file from a Git repository on Podman', () => {
  let platform: PodmanPlatform;

  beforeAll(async () => {
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      IMAGE_OVERRIDES: `postgres:15-alpine=${POSTGRES}`,
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
  }, 180_000);

  it('builds web from the repository, serves it; a new commit serves its new build with the data kept; a rollback serves the first; a refused file fails its build only', async () => {
    const { git, call } = platform;
    git.createRepository('pile', {
      'docker-compose.yml': COMPOSE(),
      'web/Dockerfile': dockerfile('v1'),
      'web/server.pl': NOTES_SERVER,
    });
    const res = await call<{ id: string; build_id: string }>(
      'POST',
      `/deployments/${platform.envId}/deploy/compose`,
      {
        nom: 'pile-git',
        depot_git: { repository_url: git.url('pile'), git_branch: 'main' },
        service_expose: 'web',
        port: 8080,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, build_id: first } = res.body;
    platform.deployments.push({ id });
    const build1 = await finishedBuild(call, first);
    const log1 = await buildLog(platform.server, platform.token, first);
    expect(build1.status, `${build1.error_message}\n${log1}`).toBe('success');
    expect(log1).toContain(composeTexts.composeRead('docker-compose.yml', ['web']));
    expect(log1).toContain(composeTexts.serviceBuilt('web', `nuage-builds/${id}/web:build-1`));

    const detail = await serving(call, id, 'v1 vide\n');
    expect(await getFresh(`${detail.application_url}/ecrire`)).toEqual({
      status: 200,
      body: 'v1 ecrit\n',
    });

    git.commit('pile', { 'web/Dockerfile': dockerfile('v2') }, 'Version 2');
    const redeploy = await call<{ build_id: string }>('POST', `/deployments/${id}/redeploy`);
    expect(redeploy.status, JSON.stringify(redeploy.body)).toBe(202);
    const build2 = await finishedBuild(call, redeploy.body.build_id);
    expect(build2.status, build2.error_message ?? '').toBe('success');
    await serving(call, id, 'v2 gardee\n');

    const releases = (await call<ReleaseView[]>('GET', `/deployments/${id}/releases`)).body;
    expect(releases.map((r) => r.numero)).toEqual([2, 1]);
    const back = await call('POST', `/deployments/${id}/releases/${releases[1]!.id}/rollback`);
    expect(back.status, JSON.stringify(back.body)).toBe(202);
    await serving(call, id, 'v1 gardee\n');

    git.commit('pile', { 'docker-compose.yml': COMPOSE('    privileged: true\n') }, 'Privilèges');
    const refused = await call<{ build_id: string }>('POST', `/deployments/${id}/redeploy`);
    const build3 = await finishedBuild(call, refused.body.build_id);
    expect(build3).toMatchObject({
      status: 'failed',
      error_message: composeTexts.fileRefusedInRepository('docker-compose.yml', [
        composeTexts.privileged('web'),
      ]),
    });
    expect((await getFresh(`${detail.application_url}/`)).body).toBe('v1 gardee\n');
  }, 900_000);
});
