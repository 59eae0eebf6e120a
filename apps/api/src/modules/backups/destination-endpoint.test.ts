import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import {
  deployApp,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { API, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { backupDestinations } from '../../db/schema/backups';
import { encryptSecret } from '../../lib/crypto';

/**
 * SSRF guard of the S3 destination: a project admin chooses where the platform sends signed
 * requests; internal addresses are refused when saved and again when connecting, unless the
 * operator set S3_ALLOW_PRIVATE_ENDPOINTS.
 */
let t: TestApp;
let team: Team;
let projectId: string;
let envId: string;

const put = (endpoint: string, app = t, token = team.admin.token, project = projectId) =>
  call(app, 'PUT', `${API}/projects/${project}/backup-destination`, {
    token,
    body: { endpoint, bucket: 'sauvegardes', access_key_id: 'AKIA', secret_access_key: 'x' },
  });

const saved = async () =>
  (
    await call(t, 'GET', `${API}/projects/${projectId}/backup-destination`, {
      token: team.admin.token,
    })
  ).json<{ destination: { endpoint: string } | null }>().destination;

beforeAll(async () => {
  t = await createTestApp();
  let project;
  let env;
  ({ team, project, env } = await teamWithEnvironment(t));
  projectId = project.id;
  envId = env.id;
});

afterAll(async () => {
  await t?.close();
});

describe('S3 endpoint, when a project admin saves it', () => {
  it.each([
    ['loopback', 'http://127.0.0.1:9000', '127.0.0.1'],
    ['a name of loopback', 'http://localhost:9000', 'localhost'],
    ['IPv6 loopback', 'http://[::1]:9000', '::1'],
    ['RFC 1918', 'https://10.0.0.5', '10.0.0.5'],
    ['RFC 1918 (192.168)', 'http://192.168.1.20:9000', '192.168.1.20'],
    ['the metadata service', 'http://169.254.169.254/latest', '169.254.169.254'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['unique-local IPv6', 'https://[fd12:3456::1]', 'fd12:3456::1'],
    ['link-local IPv6', 'https://[fe80::1]', 'fe80::1'],
    ['the unspecified address', 'http://0.0.0.0:9000', '0.0.0.0'],
    ['IPv4-compatible IPv6 loopback', 'http://[::127.0.0.1]', '::7f00:1'],
    ['a decimal loopback', 'http://2130706433:9000', '127.0.0.1'],
    ['6to4 of loopback', 'http://[2002:7f00:1::1]:9000', '2002:7f00:1::1'],
    ['6to4 of the metadata service', 'http://[2002:a9fe:a9fe::]', '2002:a9fe:a9fe::'],
    [
      'Teredo of loopback',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
    ],
    ['NAT64 of a private address', 'http://[64:ff9b::a00:1]', '64:ff9b::a00:1'],
  ])('refuses %s in French, and writes nothing', async (_what, endpoint, host) => {
    expectIssue(await put(endpoint), ['body', 'endpoint'], backupTexts.endpointPrivate(host));
    expect(await saved()).toBeNull();
  });

  it('refuses other schemes, credentials in the address and unknown names', async () => {
    expectIssue(
      await put('ftp://stockage.example'),
      ['body', 'endpoint'],
      backupTexts.endpointInvalid,
    );
    expectIssue(await put('file:///etc/passwd'), ['body', 'endpoint'], backupTexts.endpointInvalid);
    expectIssue(
      await put('https://cle:secret@s3.example.com'),
      ['body', 'endpoint'],
      backupTexts.endpointCredentials,
    );
    expectIssue(
      await put('https://stockage.nexiste-pas.invalid'),
      ['body', 'endpoint'],
      backupTexts.endpointUnknownHost('stockage.nexiste-pas.invalid'),
    );
    expect(await saved()).toBeNull();
  });

  it('accepts a public address', async () => {
    const res = await put('https://203.0.113.10:9000');
    expect(res.statusCode, res.body).toBe(200);
    expect(await saved()).toMatchObject({ endpoint: 'https://203.0.113.10:9000' });
  });

  it('accepts private endpoints when the operator allows them (S3_ALLOW_PRIVATE_ENDPOINTS)', async () => {
    const lan = await createTestApp({ s3AllowPrivateEndpoints: true });
    try {
      const { team: lanTeam, project } = await teamWithEnvironment(lan);
      const res = await put('http://192.168.1.20:9000', lan, lanTeam.admin.token, project.id);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await lan.close();
    }
  });
});

describe('S3 endpoint, when the platform connects', () => {
  let s3: S3rver;
  let s3Dir: string;
  let port: number;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'ndbk-ssrf-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'sauvegardes', configs: [] }],
    });
    port = ((await s3.run()) as AddressInfo).port;
  });

  afterAll(async () => {
    await s3?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
  });

  it('refuses a name that now leads to an internal address (DNS rebinding): the backup keeps its local copy and says why', async () => {
    // Saved while its name was public; it now resolves to loopback, where a storage answers.
    await t.app.ctx.db
      .insert(backupDestinations)
      .values({
        projectId,
        endpoint: `http://localhost:${port}`,
        region: 'us-east-1',
        bucket: 'sauvegardes',
        prefix: '',
        accessKeyId: 'S3RVER',
        secretAccessKeySealed: encryptSecret(t.app.ctx.secrets.secretsKey, 'S3RVER'),
      })
      .onConflictDoUpdate({
        target: backupDestinations.projectId,
        set: { endpoint: `http://localhost:${port}` },
      });
    const app = await deployApp(t, team.developer.token, envId, { nom: 'Rebond' });
    await reconcileToStatus(t, app.id, 'RUNNING');
    const started = await call(t, 'POST', `${API}/deployments/${app.id}/backups`, {
      token: team.developer.token,
    });
    expect(started.statusCode).toBe(202);

    let list: SauvegardesApplication | null = null;
    for (let i = 0; i < 200; i++) {
      list = (
        await call(t, 'GET', `${API}/deployments/${app.id}/backups`, {
          token: team.developer.token,
        })
      ).json<SauvegardesApplication>();
      if (list.sauvegardes[0]?.statut !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const backup = list!.sauvegardes[0]!;
    expect(backup.statut).toBe('failed');
    expect(backup.copies.map((c) => [c.type, c.statut])).toEqual([
      ['local', 'success'],
      ['s3', 'failed'],
    ]);
    expect(backup.copies[1]!.erreur).toContain(backupTexts.endpointPrivate('localhost'));
    // Nothing reached the storage listening there.
    expect(await readdir(join(s3Dir, 'sauvegardes'))).toEqual([]);
  });
});
