import { afterAll, describe, expect, it } from 'vitest';
import { EngineApi } from '../drivers/docker/engine-api';
import { createTar } from '../drivers/docker/tar';
import { runId, skipReason, testClient } from '../../../test/engine/docker/test-support';
import { renderTestRestoreJob } from './test-restore-job';
import { makeSpec } from '../../../test/engine/manifests/test-fixtures';

/**
 * The Kubernetes test-restore Job's database container, run as the kubelet would run it (its
 * command and environment as rendered, the scratch volume holding the downloaded parts) on
 * the real MariaDB and PostgreSQL images built from Debian (e2e/support/debian-images/build.sh).
 */
const IMAGES = {
  mariadb: 'docker.io/library/mariadb:10.11',
  postgresql: 'docker.io/library/postgres:15-alpine',
} as const;
const api = new EngineApi(testClient());
const missing =
  skipReason ??
  (
    await Promise.all(
      Object.values(IMAGES).map(async (ref) => ((await api.imageExists(ref)) ? null : ref)),
    )
  ).filter(Boolean)[0] ??
  null;
if (missing && !skipReason) {
  if (process.env.CI) throw new Error(`CI must run the test-restore script test, but ${missing}`);
  console.warn(`[kubernetes test restore script] skipped: ${missing} absent (build.sh)`);
}

const prefix = `ndtr-${runId()}`;
const created: string[] = [];

/** Runs `cmd` in a fresh container of `image` with /work holding `files`; answers its output. */
async function run(
  image: string,
  name: string,
  cmd: string,
  env: string[],
  files: Record<string, Buffer>,
) {
  const id = await api.createContainer(`${prefix}-${name}`, {
    Image: image,
    Entrypoint: ['sh', '-c'],
    Cmd: [cmd],
    Env: env,
    HostConfig: { NetworkMode: 'none' },
  });
  created.push(id);
  await api.putArchive(
    id,
    '/',
    createTar([
      { path: 'work', type: 'directory', mode: 0o777 },
      ...Object.entries(files).map(([path, content]) => ({
        path: `work/${path}`,
        type: 'file' as const,
        content,
        mode: 0o644,
      })),
    ]),
  );
  await api.startContainer(id);
  const deadline = Date.now() + 240_000;
  for (;;) {
    const c = await api.inspectContainer(id);
    if (c && !c.State.Running && c.State.Status !== 'created') {
      return { exitCode: c.State.ExitCode, output: await api.logs(id, 200) };
    }
    if (Date.now() > deadline) throw new Error(`${name} still running`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function rendered(template: 'wordpress' | 'odoo', image: string) {
  const spec = makeSpec({ template });
  spec.database = { ...spec.database!, image };
  const job = renderTestRestoreJob(spec, 'k1', { sha256: 'a'.repeat(64) })!;
  const c = job.spec!.template.spec!.containers[0]!;
  // What Kubernetes does with the rendered values: `$$` stands for `$`; the password comes from
  // the Job's transfer Secret (the driver writes it there).
  const env = c.env!.map(
    (e) =>
      `${e.name}=${e.valueFrom?.secretKeyRef ? 'jetable-123' : (e.value ?? '').replaceAll('$$', '$')}`,
  );
  return { cmd: c.command![2]!, env };
}

afterAll(async () => {
  for (const id of created) await api.removeContainer(id).catch(() => undefined);
}, 60_000);

// The two tests share nothing (containers of their own names): run side by side, the waits
// of one (a server starting, 500 ms polls) overlap the other's (bench/RESULTS.md, issue 31).
describe.skipIf(missing !== null)(
  'Kubernetes test-restore script on the real images',
  { concurrent: true },
  () => {
    it('MariaDB: loads the dump into a throwaway server and prints the table count', async () => {
      const { cmd, env } = rendered('wordpress', IMAGES.mariadb);
      const dump = Buffer.from(
        "CREATE TABLE wp_posts (ID int PRIMARY KEY, post_title text);\nINSERT INTO wp_posts VALUES (1, 'Bonjour');\nCREATE TABLE wp_options (id int);\n",
      );
      const result = await run(IMAGES.mariadb, 'mariadb', cmd, env, { 'database.sql': dump });
      expect(result.output).toContain('nuagedeploy-tables 2');
      expect(result.exitCode).toBe(0);
    }, 300_000);

    it('PostgreSQL: pg_restore into a throwaway server and prints the table count', async () => {
      // A custom-format dump made by the same image (as the backup Job's pg_dump -Fc would).
      const made = await run(
        IMAGES.postgresql,
        'pgdump',
        'docker-entrypoint.sh postgres -c listen_addresses="" > /tmp/server.log 2>&1 & ' +
          'i=0; until psql -U odoo -d odoo -c "SELECT 1" >/dev/null 2>&1; do i=$((i+1)); [ $i -lt 120 ] || exit 1; sleep 1; done; sleep 4; ' +
          'psql -v ON_ERROR_STOP=1 -U odoo -d odoo -c "CREATE TABLE res_partner (id int, name text); CREATE TABLE res_users (id int);" >/dev/null && ' +
          'pg_dump -Fc -U odoo -d odoo | base64',
        ['POSTGRES_PASSWORD=x', 'POSTGRES_USER=odoo', 'POSTGRES_DB=odoo'],
        {},
      );
      expect(made.exitCode).toBe(0);
      const dump = Buffer.from(made.output.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
      expect(dump.subarray(0, 5).toString()).toBe('PGDMP');

      const { cmd, env } = rendered('odoo', IMAGES.postgresql);
      const result = await run(IMAGES.postgresql, 'postgres', cmd, env, { 'database.dump': dump });
      expect(result.output).toContain('nuagedeploy-tables 2');
      expect(result.exitCode).toBe(0);
    }, 300_000);
  },
);
