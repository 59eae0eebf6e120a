import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import { buildCodeApplicationSpec } from '../../templates/code-spec';
import { createBody } from './container-create-body';
import { applicationPlan, databasePlan, setupPlan } from './container-spec';
import { APACHE_IMAGE_RUN, fakeImageRuns } from '../../../../test/engine/docker/fake-image-runs';
import { SECRET_DIR } from './secret-env';
import { ENV_SECRET_DIR, LOADER_ENTRYPOINT, LOADER_PATH, LOADER_SCRIPT } from './secret-loader';

const KEY = Buffer.alloc(32, 3);
/** Spaces, both quotes, a `$`, a newline inside and at the end: what shells like to eat. */
const TRICKY = `a b'"$HOME\nz`;

describe('the secrets loader, run by the shells images have (dash, busybox ash)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sec-loader-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // The host's /bin/sh (dash on Debian, like the official images) and busybox's ash (Alpine).
  const busybox = ['/bin/busybox', '/usr/bin/busybox'].find((p) => existsSync(p))!;
  const shells = [['/bin/sh'], [busybox, 'sh']];

  /** Runs the loader against a directory of secret files, then `argv`. */
  function load(shell: string[], files: Record<string, string>, argv: string[]) {
    const secrets = mkdtempSync(path.join(dir, 'env-'));
    mkdirSync(secrets, { recursive: true });
    for (const [name, value] of Object.entries(files))
      writeFileSync(path.join(secrets, name), value);
    const script = path.join(secrets, '..', `${path.basename(secrets)}.sh`);
    writeFileSync(script, LOADER_SCRIPT.replaceAll(ENV_SECRET_DIR, secrets));
    const [bin, ...args] = shell;
    return spawnSync(bin!, [...args, script, ...argv], { encoding: 'utf8', env: { HOME: '/x' } });
  }

  for (const shell of shells) {
    it(`exports each value byte for byte, then execs the command (${shell.join(' ')})`, () => {
      const values = { TRICKY, TRAILING: 'x\n\n', EMPTY: '', GLOB: '* $(id) `id`' };
      const print = 'printf "%s|%s|%s|%s" "$TRICKY" "$TRAILING" "$EMPTY" "$GLOB"';
      const out = load(shell, values, ['/bin/sh', '-c', print]);
      expect(out.status).toBe(0);
      expect(out.stdout).toBe(`${TRICKY}|x\n\n||* $(id) \`id\``);
      // exec: the command's arguments arrive as they were given, and its exit code is kept.
      const argv = load(shell, {}, ['/bin/sh', '-c', 'printf "%s," "$@"; exit 7', 'sh', 'a b', '']);
      expect([argv.stdout, argv.status]).toEqual(['a b,,', 7]);
    });
  }

  it('refuses to start without a command, in French', () => {
    const out = load(['/bin/sh'], { A: 'b' }, []);
    expect(out.status).toBe(127);
    expect(out.stderr).toContain('rien à lancer');
  });
});

describe('plans: every secret a file, whichever way the image reads it', () => {
  it('drupal: the settings’ secrets go through the loader, which runs the image’s command', () => {
    const spec = makeSpec({ template: 'drupal' });
    const runs = fakeImageRuns(spec);
    const app = applicationPlan(spec, KEY, runs);
    const setup = setupPlan(spec, KEY, runs)!;
    for (const plan of [app, setup, databasePlan(spec, KEY, runs)!]) {
      const body = createBody(plan);
      const shown = JSON.stringify([body.Env, body.Labels, body.Cmd, body.Entrypoint]);
      for (const value of Object.values(spec.secretData)) expect(shown).not.toContain(value);
    }
    expect(createBody(app)).toMatchObject({
      Entrypoint: LOADER_ENTRYPOINT,
      Cmd: ['docker-entrypoint.sh', 'apache2-foreground'],
    });
    expect(app.secretFiles).toContainEqual({
      path: `${ENV_SECRET_DIR}/DRUPAL_DB_PASSWORD`,
      content: spec.secretData['db-password'],
    });
    expect(app.secretFiles).toContainEqual({
      path: LOADER_PATH,
      content: LOADER_SCRIPT,
      mode: 0o444,
    });
    // A setup task runs its own command behind the image's entrypoint, as Docker would.
    expect(setup.template.cmd).toEqual(['docker-entrypoint.sh', ...spec.setup!.command]);
    // The database's image reads its password from POSTGRES_PASSWORD_FILE: no loader there.
    expect(databasePlan(spec, KEY, runs)!.template.entrypoint).toBeNull();
  });

  it('changes the spec hash when a secret changes, without the value anywhere in labels', () => {
    const spec = makeSpec({ template: 'drupal' });
    const other = { ...spec, secretData: { ...spec.secretData, 'hash-salt': 'autre-sel' } };
    const a = applicationPlan(spec, KEY, fakeImageRuns(spec));
    const b = applicationPlan(other, KEY, fakeImageRuns(other));
    expect(b.hash).not.toBe(a.hash);
    expect(JSON.stringify(b.labels)).not.toContain('autre-sel');
  });

  it('a code image without /bin/sh keeps its secrets in the environment, and says which', () => {
    const spec = buildCodeApplicationSpec({
      deployment: {
        id: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        projectId: '11111111-2222-4333-8444-555555555555',
        environmentId: '66666666-7777-4888-8999-aaaaaaaaaaaa',
        nom: 'API Go',
        runtimeName: 'code-api-go-6f1c2d',
        hostLabel: 'api-go',
        image: 'registry.exemple.sn/builds/api-go:build-1',
        port: 8080,
        cpuMilli: 500,
        ramMb: 256,
        storageMb: 100,
        replicas: 1,
        domain: null,
        generation: 1,
      },
      // Named like a variable the official images read from a file: a user's code does not.
      envVars: [{ name: 'PASSWORD', value: TRICKY, secret: true }],
      namespace: 'env-a',
      certificate: null,
    });
    const shell = applicationPlan(spec, KEY, fakeImageRuns(spec));
    expect(shell.env.join('\n')).not.toContain('PASSWORD');
    expect(shell.secretFiles).toContainEqual({
      path: `${ENV_SECRET_DIR}/PASSWORD`,
      content: TRICKY,
    });
    expect(shell.exposedSecrets).toEqual([]);

    const noShell = { ...APACHE_IMAGE_RUN, entrypoint: ['/server'], cmd: [], hasShell: false };
    const plan = applicationPlan(spec, KEY, fakeImageRuns(spec, noShell));
    expect(plan.env).toContain(`PASSWORD=${TRICKY}`);
    expect(plan.exposedSecrets).toEqual(['PASSWORD']);
    expect(plan.template.entrypoint).toBeNull();
    expect(plan.secretFiles.some((f) => f.path.startsWith(SECRET_DIR))).toBe(false);
  });
});
