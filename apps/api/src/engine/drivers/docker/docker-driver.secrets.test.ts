import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationSpec, EnvVar } from '../../spec';
import { LABELS } from '../../spec';
import { buildApplicationSpec } from '../../templates/build-spec';
import { buildCodeApplicationSpec } from '../../templates/code-spec';
import { refOf } from './converge';
import { DockerDriver } from './docker-driver';
import { EngineApi } from './engine-api';
import { readFiles } from './secret-files';
import {
  buildAppImage,
  buildDbImage,
  buildNoShellImage,
  buildSetupImage,
} from '../../../../test/engine/docker/secret-test-images';
import { readTarFiles } from './tar';
import {
  execIn,
  labelledContainers,
  runId,
  skipReason,
  SOCKET,
  sweep,
  testClient,
  testEdge,
  testEnvironment,
  TEST_HASH_KEY,
  waitFor,
} from '../../../../test/engine/docker/test-support';

/**
 * Issue 12: "`docker inspect` of every container the driver makes shows no secret value in Env
 * or Labels". Each catalogue template and a code application, deployed on the engine with
 * stand-in images (ENTRYPOINT + CMD like the official ones): every container (replicas,
 * database, setup task) is inspected, and what its process received is read back exactly.
 */

/** Spaces, both quotes, a `$`, a newline: what a shell or a file round trip would change. */
const TRICKY = `a b'"$HOME\nz`;
const SECRETS = {
  adminPassword: `adm ${TRICKY}`,
  dbPassword: `db ${TRICKY}`,
  // A trailing newline is part of the value: nothing may add or strip one.
  dbRootPassword: `root ${TRICKY}\n`,
};
const TEMPLATES = ['wordpress', 'odoo', 'joomla', 'drupal', 'nextcloud', 'matomo'] as const;

describe.skipIf(skipReason !== null)('DockerDriver on a real engine: secrets', () => {
  const prefix = `sec-${runId()}`;
  const api = new EngineApi(testClient());
  const env = testEnvironment(prefix);
  const specs: ApplicationSpec[] = [];
  const warnings: string[] = [];
  const image = (n: string) => `localhost/${prefix}-${n}:1`;
  let driver: DockerDriver;

  beforeAll(async () => {
    await buildAppImage(api, image('app80'), 80);
    await buildAppImage(api, image('app8069'), 8069, 'web');
    await buildAppImage(api, image('app3000'), 3000, 'web');
    await buildDbImage(api, image('db'));
    await buildSetupImage(api, image('setup'));
    await buildNoShellImage(api, image('noshell'), 3000);
    driver = new DockerDriver({
      hashKey: TEST_HASH_KEY,
      edge: await testEdge(prefix),
      socketPath: SOCKET!,
      setup: { waitMs: 60_000, runMs: 30_000, attempts: 1, retryDelayMs: 0, pollMs: 200 },
      log: { error: () => undefined, info: () => undefined, warn: (_o, msg) => warnings.push(msg) },
    });
    await driver.ensureEnvironment(env);
  }, 180_000);

  afterAll(async () => {
    await driver?.close();
    await sweep(api, { deploymentIds: specs.map((s) => s.deploymentId), prefix });
  }, 180_000);

  function catalogueSpec(template: (typeof TEMPLATES)[number]): ApplicationSpec {
    const app = template === 'odoo' ? 'app8069' : 'app80';
    const spec = buildApplicationSpec({
      deployment: {
        id: randomUUID(),
        projectId: env.projectId,
        environmentId: env.environmentId,
        nom: `sec ${template}`,
        runtimeName: `${prefix}-${template}`,
        template,
        imageRegistryUrl: `localhost/${prefix}-${app}`,
        imageTag: '1',
        cpuMilli: 500,
        ramMb: 512,
        storageMb: 1000,
        replicas: 1,
        domain: null,
        generation: 1,
        adminEmail: 'admin@example.com',
      },
      namespace: env.namespace,
      secrets: SECRETS,
      certificate: null,
    });
    if (spec.database) spec.database = { ...spec.database, image: image('db') };
    if (spec.setup) spec.setup = { ...spec.setup, image: image('setup') };
    specs.push(spec);
    return spec;
  }

  /** `img`: a stand-in of this test, or a real image (`ref`) listening on `port`. */
  function codeSpec(
    img: string,
    value: string,
    id: string = randomUUID(),
    real?: { ref: string; port: number },
  ): ApplicationSpec {
    const spec = buildCodeApplicationSpec({
      deployment: {
        id,
        projectId: env.projectId,
        environmentId: env.environmentId,
        nom: 'sec code',
        runtimeName: `${prefix}-${img}`,
        hostLabel: `${prefix}-${img}`,
        image: real?.ref ?? image(img),
        port: real?.port ?? 3000,
        cpuMilli: 500,
        ramMb: 256,
        storageMb: 100,
        replicas: 1,
        domain: null,
        generation: 1,
      },
      // PASSWORD: a name the official images read from a file, a user's code by its name.
      envVars: [
        { name: 'NODE_ENV', value: 'production', secret: false },
        { name: 'PASSWORD', value, secret: true },
        { name: 'API_TOKEN', value: `tok ${TRICKY}\n\n`, secret: true },
      ],
      namespace: env.namespace,
      certificate: null,
    });
    specs.push(spec);
    return spec;
  }

  /** NAME → value of the environment a process received (/proc/<pid>/environ). */
  const parseEnviron = (raw: string) =>
    new Map(
      raw
        .split('\0')
        .filter(Boolean)
        .map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
    );

  async function seenBy(id: string, kind: string): Promise<Map<string, string>> {
    if (kind !== 'setup') return parseEnviron(await execIn(api, id, ['cat', '/proc/1/environ']));
    // What the setup task's entrypoint recorded, read from its container once the task has
    // ended (on a loaded host it may still be running when the application's containers are).
    // Ended, not merely not running (a task not started yet is not running either), and its
    // record read back whole (a CI run at high load once read an archive with no file in it).
    await waitFor(
      'the setup task to end',
      async () => (await api.inspectContainer(id))?.State.Status,
      (status) => status === 'exited',
    );
    const [record] = await waitFor(
      "the setup task's record",
      async () => {
        const archive = await api.getArchive(id, '/tmp/sec-env');
        return archive ? readTarFiles(archive) : [];
      },
      (files) => files.length > 0,
      10_000,
    );
    return parseEnviron(record!.content.toString('utf8'));
  }

  const secretVars = (spec: ApplicationSpec, vars: EnvVar[]) =>
    vars.flatMap((v) =>
      'secretKey' in v ? [{ name: v.name, value: spec.secretData[v.secretKey]! }] : [],
    );

  /** Every container of the application: no secret shown; each process got the exact value. */
  async function expectSecretsHidden(spec: ApplicationSpec): Promise<string[]> {
    const all = Object.values(spec.secretData).filter((v): v is string => !!v);
    const kinds: string[] = [];
    for (const { id } of await labelledContainers(api, spec.deploymentId)) {
      const c = (await api.inspectContainer(id))!;
      const kind = c.Config.Labels![LABELS.component]!;
      kinds.push(kind);
      const shown = JSON.stringify([
        c.Config.Env,
        c.Config.Labels,
        c.Config.Cmd,
        c.Config.Entrypoint,
      ]);
      for (const value of all) {
        expect(shown).not.toContain(value);
        expect(shown).not.toContain(JSON.stringify(value).slice(1, -1));
      }
      const component =
        kind === 'application' ? spec.app : kind === 'database' ? spec.database! : spec.setup!;
      const seen = await seenBy(id, kind);
      for (const { name, value } of secretVars(spec, component.env)) {
        const fileVar = (c.Config.Env ?? []).find((e) => e.startsWith(`${name}_FILE=`));
        if (fileVar) {
          const [file] = await readFiles(api, id, [fileVar.slice(fileVar.indexOf('=') + 1)]);
          expect(file?.content.toString('utf8'), `${kind} ${name}_FILE`).toBe(value);
        } else {
          expect(seen.get(name), `${kind} ${name}`).toBe(value);
        }
      }
    }
    return kinds.sort();
  }

  for (const template of TEMPLATES) {
    it(`${template}: replicas, database and setup task show no secret; the processes get them`, async () => {
      const spec = catalogueSpec(template);
      await driver.apply(spec);
      const setup = await api.inspectContainer(spec.setup?.name ?? 'none');
      if (spec.setup) expect(setup?.State.ExitCode).toBe(0);
      expect(await expectSecretsHidden(spec)).toEqual(
        ['application', 'database', ...(spec.setup ? ['setup'] : [])].sort(),
      );
    }, 180_000);
  }

  it('a code application: its secret variables reach the process under their own names, across scale and change', async () => {
    const spec = codeSpec('app3000', `pw ${TRICKY}`);
    await driver.apply(spec);
    expect(await expectSecretsHidden(spec)).toEqual(['application']);
    // A new replica copies the first one's files and loader.
    await driver.scale(refOf(spec), 2);
    expect(await expectSecretsHidden(spec)).toEqual(['application', 'application']);
    // A changed secret recreates the replicas (keyed spec hash), which then see the new value.
    const ids = async () => (await labelledContainers(api, spec.deploymentId)).map((c) => c.id);
    const before = await ids();
    const changed = codeSpec('app3000', `nouveau ${TRICKY}`, spec.deploymentId);
    changed.replicas = 2;
    await driver.apply(changed);
    const after = await ids();
    expect(after).toHaveLength(2);
    expect(after.filter((id) => before.includes(id))).toEqual([]);
    expect(await expectSecretsHidden(changed)).toEqual(['application', 'application']);
    expect(warnings).toEqual([]);
  }, 240_000);

  it('the real WordPress image (Debian, dash) behind the loader: its entrypoint and Apache run, with the exact value', async () => {
    const real = { ref: 'docker.io/library/wordpress:6.4-apache', port: 80 };
    const spec = codeSpec('realwp', `pw ${TRICKY}`, randomUUID(), real);
    await driver.apply(spec);
    const c = (await api.inspectContainer(`${spec.name}-0`))!;
    expect(c.State.Running).toBe(true);
    // The loader, then what Docker would have run: the image's ENTRYPOINT and CMD.
    expect(c.Config.Cmd).toEqual(['docker-entrypoint.sh', 'apache2-foreground']);
    // PID 1 is Apache (exec), with the values it inherited.
    // The entrypoint (bash) copies WordPress into the volume first, then execs Apache.
    const comm = () => execIn(api, c.Id, ['cat', '/proc/1/comm']);
    await waitFor('apache2 as PID 1', comm, (name) => name.startsWith('apache2'), 60_000);
    expect(await expectSecretsHidden(spec)).toEqual(['application']);
  }, 180_000);

  it('an image without /bin/sh keeps its secret variables in the environment, and says so in French', async () => {
    const spec = codeSpec('noshell', `pw ${TRICKY}`);
    await driver.apply(spec);
    const c = (await api.inspectContainer(`${spec.name}-0`))!;
    expect(c.State.Running).toBe(true);
    expect(c.Config.Env).toContain(`PASSWORD=pw ${TRICKY}`);
    // The image's own entrypoint, not the loader (which could not run).
    expect(JSON.stringify(c.Config.Entrypoint)).toContain('/srv/busybox');
    expect(JSON.stringify([c.Config.Entrypoint, c.Config.Cmd])).not.toContain('load-env');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('n’a pas de shell');
    expect(warnings[0]).toContain('(PASSWORD, API_TOKEN)');
    expect(warnings[0]).not.toContain(TRICKY);
  }, 120_000);
});
