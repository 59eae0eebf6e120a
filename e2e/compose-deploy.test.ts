import { randomBytes } from 'node:crypto';
import { composeTexts } from '@nuage/shared/messages/compose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngine, objectsOf } from '../bench/lib/docker-engine.mjs';
import { pollUntil } from './helpers/api';
import { getFresh, serving } from './helpers/code-apps';
import { startPodmanPlatform, type PodmanPlatform } from './helpers/podman-platform';
import { NOTES_SERVER } from './support/perl-notes-server';

/**
 * A Docker Compose stack on Podman (issue 30 item 2, "What must be shown"): two services, an
 * HTTP app and the Debian-built PostgreSQL (.ci/run builds it under the official name), the app
 * reaching the database by its service name `db` once its healthcheck passes. The app serves at
 * its URL through the edge proxy; what it wrote in the database is still there after a new
 * version of the file recreated both containers (named volume kept). A file asking for a
 * privilege or a host path is refused with the exact French reasons.
 *
 * The HTTP app is a few lines of Perl in the same PostgreSQL image (it has perl and psql; the
 * test node image has no PostgreSQL client). The file names `postgres:15-alpine`, which
 * IMAGE_OVERRIDES maps to this host's copy (an operator's local image is pulled only when
 * absent; the user's own images are pulled again at every apply).
 */
const detected = await detectEngine();
const POSTGRES = 'docker.io/library/postgres:15-alpine';
const skipReason = detected.skipReason;
if (skipReason && process.env.CI)
  throw new Error(`CI must run the Compose tests, but ${skipReason}`);
if (skipReason) console.warn(`[e2e compose] skipped: ${skipReason}`);

const prefix = `nde2e-cmp-${randomBytes(3).toString('hex')}`;

const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((l) => ' '.repeat(spaces) + l)
    .join('\n');

const stack = (version: string, dbTimezone: string) => `
services:
  web:
    image: postgres:15-alpine
    entrypoint: ["perl", "-e"]
    command:
      - |
${indent(NOTES_SERVER, 8)}
    environment:
      DB_PASSWORD: mot-de-passe-de-la-base
      VERSION: ${version}
    depends_on:
      db:
        condition: service_healthy
    deploy:
      resources:
        limits:
          cpus: "0.25"
          memory: 128M
  db:
    image: postgres:15-alpine
    environment:
      POSTGRES_PASSWORD: mot-de-passe-de-la-base
      TZ: ${dbTimezone}
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

interface ComposeApp {
  id: string;
  application_url: string | null;
  statut_deploiement: string;
  generation?: number;
}

describe.skipIf(skipReason !== null)('a Docker Compose stack on Podman', () => {
  let platform: PodmanPlatform;

  beforeAll(async () => {
    platform = await startPodmanPlatform(detected.engine!, detected.socket!, prefix, {
      IMAGE_OVERRIDES: `postgres:15-alpine=${POSTGRES}`,
    });
  }, 600_000);

  afterAll(async () => {
    await platform?.stop();
  }, 180_000);

  it('serves the app at its URL, reaching PostgreSQL by its service name; the data stays across a new version of the file', async () => {
    const res = await platform.call<ComposeApp>(
      'POST',
      `/deployments/${platform.envId}/deploy/compose`,
      { nom: 'pile', fichier_compose: stack('v1', 'UTC'), service_expose: 'web', port: 8080 },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id;
    platform.deployments.push({ id });
    const detail = await serving(platform.call, id, 'v1 vide\n');
    const write = await getFresh(`${detail.application_url}/ecrire`);
    expect(write).toEqual({ status: 200, body: 'v1 ecrit\n' });
    expect((await getFresh(`${detail.application_url}/`)).body).toBe('v1 gardee\n');

    // Both services change: both containers are recreated, the named volume is kept.
    const update = await platform.call<ComposeApp>('PUT', `/deployments/deployment/${id}/compose`, {
      fichier_compose: stack('v2', 'Africa/Dakar'),
      service_expose: 'web',
      port: 8080,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    await serving(platform.call, id, 'v2 gardee\n');
    const pods = await pollUntil(
      'both services running',
      async () =>
        (
          await platform.call<{ pods_status: { name: string; status: string }[] }>(
            'GET',
            `/deployments/deployment/${id}`,
          )
        ).body.pods_status,
      (p) => p.length === 2 && p.every((x) => x.status === 'Running'),
      { timeoutMs: 60_000, everyMs: 500 },
    );
    expect(pods.map((p) => p.name).sort()).toEqual([
      expect.stringMatching(/-0(-b)?$/),
      expect.stringMatching(/-db$/),
    ]);
    // Hardened as any application: capabilities dropped, no new privileges, the file's limits,
    // a named volume only, never a port on a public address.
    const { containers, volumes } = await objectsOf(detected.engine!, id);
    expect(volumes).toHaveLength(1);
    for (const c of containers) {
      const inspected = (await detected.engine!.inspect(c.id)) as unknown as {
        HostConfig: {
          CapDrop: string[] | null;
          SecurityOpt: string[] | null;
          Privileged: boolean;
          Memory: number;
          PortBindings: Record<string, { HostIp: string }[] | null> | null;
        };
        Mounts: { Type: string }[];
      };
      const host = inspected.HostConfig;
      expect(host.Privileged).toBe(false);
      expect(host.SecurityOpt ?? []).toContain('no-new-privileges');
      expect((host.CapDrop ?? []).length).toBeGreaterThan(0);
      // The file's mebibytes, counted in whole MB (10^6 bytes) as every quota is.
      const mib = c.name.endsWith('-db') ? 256 : 128;
      expect(host.Memory).toBe(Math.ceil((mib * 1024 * 1024) / 1e6) * 1e6);
      expect(inspected.Mounts.every((m) => m.Type === 'volume')).toBe(true);
      for (const bindings of Object.values(host.PortBindings ?? {})) {
        expect((bindings ?? []).every((b) => b.HostIp === '127.0.0.1')).toBe(true);
      }
    }
  }, 600_000);

  it('refuses a privileged service and a host path with their exact reasons', async () => {
    const file = `services:
  web:
    image: nginx:1.27
    privileged: true
    volumes:
      - /etc:/hote
`;
    const res = await platform.call<{ detail: { loc: string[]; msg: string }[] }>(
      'POST',
      `/deployments/${platform.envId}/deploy/compose`,
      { nom: 'refusee', fichier_compose: file, service_expose: 'web', port: 80 },
    );
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d) => d.msg)).toEqual([
      composeTexts.privileged('web'),
      composeTexts.hostPath('web', '/etc'),
    ]);
  }, 60_000);
});
