import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSpec } from '../../spec';
import { refOf } from './converge';
import { resolveSecretEnv } from './secret-env';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import {
  TEST_HASH_KEY,
  testEdge,
  labelledContainers,
  SOCKET,
  buildTestImages,
  execIn,
  runId,
  skipReason,
  sweep,
  testClient,
  testEnvironment,
  testSpec,
  waitFor,
  type TestImages,
} from '../../../../test/engine/docker/test-support';

/** User input that would change a command line, a YAML file or a label if it were pasted in. */
const HOSTILE = {
  nom: `Blog "l'été" $(touch /tmp/pwned) \`id\`; echo ok\n- key: [1, {a: b}]\n# end`,
  adminPassword: `p"a's$(id)\`uname\`;|&>\nnew: line\n  - {x: y}\\ \t%s ${'${HOME}'}`,
  dbPassword: `d'b"$HOME$(echo x)\n---\nkind: Secret\n`,
  dbRootPassword: `r$(reboot)'"\`\`\n`,
  adminEmail: `a"b'$(id)@example.com`,
  domain: `evil.example.com"; rm -rf / #`,
};

describe.skipIf(skipReason !== null)('DockerDriver on a real engine: hostile input', () => {
  const prefix = `ndtest-${runId()}`;
  const api = new EngineApi(testClient());
  const env = testEnvironment(prefix);
  const specs: ApplicationSpec[] = [];
  let images: TestImages;
  let driver: DockerDriver;

  beforeAll(async () => {
    images = await buildTestImages(api, prefix);
    driver = new DockerDriver({
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      socketPath: SOCKET!,
      setup: { waitMs: 30_000, runMs: 30_000, attempts: 1, retryDelayMs: 0, pollMs: 100 },
    });
    await driver.ensureEnvironment(env);
  }, 120_000);

  afterAll(async () => {
    await driver?.close();
    await sweep(api, { deploymentIds: specs.map((s) => s.deploymentId), prefix });
  }, 120_000);

  const secretsOf = {
    adminPassword: HOSTILE.adminPassword,
    dbPassword: HOSTILE.dbPassword,
    dbRootPassword: HOSTILE.dbRootPassword,
  };

  /** No value of the user's reaches a label, a name or a command. */
  const expectStructureIntact = async (spec: ApplicationSpec, name: string) => {
    const c = (await api.inspectContainer(name))!;
    expect(name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    const metadata = JSON.stringify([c.Name, c.Config.Labels, c.Config.Cmd, c.Config.Entrypoint]);
    for (const value of Object.values(HOSTILE)) {
      expect(metadata).not.toContain(value);
      expect(metadata).not.toContain(JSON.stringify(value).slice(1, -1));
    }
    return c;
  };

  it('passes WordPress values as literal environment values only', async () => {
    const spec = testSpec({
      env,
      images,
      nom: `${prefix} ${HOSTILE.nom}`,
      secrets: secretsOf,
      domain: HOSTILE.domain,
      adminEmail: HOSTILE.adminEmail,
    });
    specs.push(spec);
    expect(spec.name).toMatch(/^wordpress-ndtest-[0-9a-f]{6}-blog-l-e[a-z0-9-]*-[0-9a-f]{6}$/);
    await driver.apply(spec);
    await waitFor(
      'running',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'running',
    );

    const replica = await expectStructureIntact(spec, `${spec.name}-0`);
    const image = await api.client.json<{ Config: { Cmd: string[] } }>(
      'GET',
      `/images/${images.app}/json`,
    );
    expect(replica.Config.Cmd).toEqual(image.Config.Cmd); // the image's own command, untouched
    for (const entry of resolveSecretEnv(spec.app.env, spec.secretData).env)
      expect(replica.Config.Env).toContain(entry);
    const db = await expectStructureIntact(spec, spec.database!.name);
    for (const entry of resolveSecretEnv(spec.database!.env, spec.secretData).env)
      expect(db.Config.Env).toContain(entry);
    const setup = await expectStructureIntact(spec, spec.setup!.name);
    expect(setup.Config.Cmd).toEqual(spec.setup!.command);
    expect(setup.State.ExitCode).toBe(0);

    // `docker inspect` of every container of the application: no secret in Env or Labels, and
    // the hardening asked for is what the engine applied.
    const secrets = [HOSTILE.dbPassword, HOSTILE.adminPassword, secretsOf.dbRootPassword];
    for (const { name } of await labelledContainers(api, spec.deploymentId)) {
      const c = await api.client.json<{
        Config: { Env: string[]; Labels: Record<string, string> };
        HostConfig: Record<string, unknown>;
      }>('GET', `/containers/${name}/json`);
      const shown = JSON.stringify([c.Config.Env, c.Config.Labels]);
      for (const secret of secrets) {
        expect(shown).not.toContain(secret);
        expect(shown).not.toContain(JSON.stringify(secret).slice(1, -1));
      }
      expect(c.HostConfig.MemorySwap).toBe(c.HostConfig.Memory);
      expect(c.HostConfig.PidsLimit).toBeGreaterThan(0);
      expect(JSON.stringify(c.HostConfig.SecurityOpt)).toContain('no-new-privileges');
      // Docker shows ["ALL"]; Podman lists what it dropped from its defaults (NET_RAW among them).
      expect(JSON.stringify(c.HostConfig.CapDrop)).toMatch(/"(CAP_)?(ALL|NET_RAW)"/);
      expect(JSON.stringify(c.HostConfig.CapAdd ?? [])).not.toMatch(/NET_RAW|SYS_ADMIN/);
    }

    // What the processes received, byte for byte.
    const read = (cmd: string) => execIn(api, replica.Id, ['/bin/sh', '-c', cmd]);
    // Secrets reach the process as files behind *_FILE variables, never as values in Env.
    expect(await read('cat "$WORDPRESS_DB_PASSWORD_FILE"')).toBe(HOSTILE.dbPassword);
    expect(await read('printf %s "$WORDPRESS_DB_PASSWORD"')).toBe('');
    expect(await read('cat /var/www/html/.ndtest-admin-password')).toBe(HOSTILE.adminPassword);
    expect(await read('cat /var/www/html/.ndtest-title')).toBe(`${prefix} ${HOSTILE.nom}`);
    expect(await read('cat /var/www/html/.ndtest-url')).toBe(`http://${HOSTILE.domain}`);
    expect(await read('ls /tmp')).toBe(''); // nothing ran what the input said
  });

  it("writes Odoo's configuration file unchanged, readable only by the image user", async () => {
    const spec = testSpec({
      env,
      images,
      template: 'odoo',
      nom: `${prefix} ${HOSTILE.nom}`,
      secrets: secretsOf,
    });
    specs.push(spec);
    await driver.apply(spec);
    await waitFor(
      'running',
      () => driver.status(refOf(spec)),
      (o) => o.phase === 'running',
    );

    const replica = await expectStructureIntact(spec, `${spec.name}-0`);
    const conf = spec.secretData['odoo-conf']!;
    expect(conf).toContain(`admin_passwd = ${HOSTILE.adminPassword.replace(/\n/g, '')}\n`);
    const read = (cmd: string) => execIn(api, replica.Id, ['/bin/sh', '-c', cmd]);
    expect(await read('cat /etc/odoo/odoo.conf')).toBe(conf);
    expect(await read('stat -c "%a %u %g" /etc/odoo/odoo.conf')).toBe('600 1234 2345\n');
    expect(await read('cat "$PASSWORD_FILE"')).toBe(HOSTILE.dbPassword);
    expect(await read('id -u')).toBe('1234\n');

    // A new replica gets the same file, owner and mode.
    await driver.scale(refOf(spec), 2);
    const second = (await api.inspectContainer(`${spec.name}-1`))!;
    const read2 = (cmd: string) => execIn(api, second.Id, ['/bin/sh', '-c', cmd]);
    await waitFor(
      'replica 1 running',
      async () => (await api.inspectContainer(second.Id))?.State.Running,
      Boolean,
    );
    expect(await read2('cat /etc/odoo/odoo.conf')).toBe(conf);
    expect(await read2('stat -c "%a %u %g" /etc/odoo/odoo.conf')).toBe('600 1234 2345\n');
  });
});
