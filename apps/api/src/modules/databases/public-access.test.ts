import type { Environment } from '@nuage/shared/api-types';
import { databasePublicTexts as pt } from '@nuage/shared/messages/database-public';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { and, eq } from 'drizzle-orm';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import { deploymentRow, teamWithEnvironment } from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** Three ports only: the range's exhaustion is part of what is checked. */
const PUBLIC = {
  address: '127.0.0.1',
  host: 'db.nuage.test',
  ports: { first: 21000, last: 21002 },
  kubernetesService: 'off' as const,
};

let t: TestApp;
let team: Team;
let env: Environment;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp({ databasePublic: PUBLIC });
  let project;
  ({ team, project, env } = await teamWithEnvironment(t));
  projectId = project.id;
});
afterAll(() => t.close());

async function createDb(nom: string, moteur = 'postgresql'): Promise<DatabaseResource> {
  const res = await call(t, 'POST', `${API}/environments/${env.id}/databases`, {
    token: team.developer.token,
    body: { nom, moteur, cpu: 0.25, ram: 0.5, storage: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DatabaseResource>();
}
const setAccess = (id: string, token: string, body: Record<string, unknown>, app = t) =>
  call(app, 'PUT', `${API}/databases/${id}/public-access`, { token, body });

describe('a database’s public endpoint', () => {
  it('is internal only by default, and refused in French when the operator has not enabled it', async () => {
    const db = await createDb('interne');
    expect(db.acces_public).toMatchObject({ disponible: true, actif: false, port: null });
    const off = await createTestApp();
    try {
      const { team: other, env: otherEnv } = await teamWithEnvironment(off);
      const res = await call(off, 'POST', `${API}/environments/${otherEnv.id}/databases`, {
        token: other.developer.token,
        body: { nom: 'fermee', moteur: 'postgresql', cpu: 0.25, ram: 0.5, storage: 1 },
      });
      const created = res.json<DatabaseResource>();
      expect(created.acces_public.disponible).toBe(false);
      expectDetail(
        await setAccess(
          created.id,
          other.admin.token,
          { actif: true, sources_autorisees: ['203.0.113.7'] },
          off,
        ),
        409,
        pt.disabled,
      );
    } finally {
      await off.close();
    }
  });

  it('is for project administrators only', async () => {
    const db = await createDb('roles');
    const body = { actif: true, sources_autorisees: ['203.0.113.7'] };
    expect((await setAccess(db.id, team.developer.token, body)).statusCode).toBe(403);
    expect((await setAccess(db.id, team.user.token, body)).statusCode).toBe(403);
    expect((await setAccess(db.id, team.outsider.token, body)).statusCode).toBe(404);
    const row = (await deploymentRow(t, db.id))!;
    expect(row.settings.publicAccess ?? null).toBeNull();
  });

  it('checks every allow-list entry, with a French message per wrong entry, and never opens on an empty list', async () => {
    const db = await createDb('validation');
    expectIssue(
      await setAccess(db.id, team.admin.token, { actif: true, sources_autorisees: [] }),
      ['body', 'sources_autorisees'],
      pt.sourcesRequired,
    );
    expectIssue(
      await setAccess(db.id, team.admin.token, { actif: true }),
      ['body', 'sources_autorisees'],
      pt.sourcesRequired,
    );
    const res = await setAccess(db.id, team.admin.token, {
      actif: true,
      sources_autorisees: [
        '203.0.113.7',
        'pas-une-ip',
        '198.51.100.9/24',
        '2001:db8::/129',
        '203.0.113.7/32',
      ],
    });
    expectIssue(res, ['body', 'sources_autorisees', 1], pt.sourceInvalid('pas-une-ip'));
    expectIssue(
      res,
      ['body', 'sources_autorisees', 2],
      pt.sourceHostBits('198.51.100.9/24', '198.51.100.0/24'),
    );
    expectIssue(res, ['body', 'sources_autorisees', 3], pt.sourceInvalid('2001:db8::/129'));
    expectIssue(res, ['body', 'sources_autorisees', 4], pt.sourceDuplicate('203.0.113.7/32'));
    const after = await call(t, 'GET', `${API}/databases/${db.id}`, { token: team.user.token });
    expect(after.json<DatabaseResource>().acces_public.actif).toBe(false);
  });

  it('turns on with its port, TLS and CA, audited, no secret answered; changes its list; turns off', async () => {
    const db = await createDb('publique');
    const res = await setAccess(db.id, team.admin.token, {
      actif: true,
      sources_autorisees: [' 203.0.113.7 ', '2001:DB8::/32'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const on = res.json<DatabaseResource>().acces_public;
    expect(on).toMatchObject({
      disponible: true,
      actif: true,
      hote: 'db.nuage.test',
      sources_autorisees: ['203.0.113.7/32', '2001:db8::/32'],
      ouvert_a_tous: false,
      tls: true,
    });
    expect(on.port).toBeGreaterThanOrEqual(21000);
    expect(on.chaine_connexion).toBe(
      `postgres://app:********@db.nuage.test:${on.port}/app?sslmode=require`,
    );
    expect(res.body).not.toContain('PRIVATE KEY');
    // The CA, for anyone of the project; its fingerprint is the one shown.
    const caRes = await call(t, 'GET', `${API}/databases/${db.id}/public-access/ca`, {
      token: team.user.token,
    });
    expect(caRes.statusCode).toBe(200);
    expect(caRes.body).not.toContain('PRIVATE KEY');
    const ca = {
      body: caRes.json<{ certificat_pem: string; empreinte_sha256: string }>().certificat_pem,
    };
    expect(ca.body).toContain('BEGIN CERTIFICATE');
    expect(new X509Certificate(ca.body).fingerprint256).toBe(on.empreinte_ca);
    expect(caRes.json<{ empreinte_sha256: string }>().empreinte_sha256).toBe(on.empreinte_ca);
    // The runtime's spec: published with the list, TLS files given to the server.
    const spec = await t.app.engine.specs.ofApplication((await deploymentRow(t, db.id))!);
    expect(spec.database?.publicEndpoint).toMatchObject({
      port: on.port,
      address: '127.0.0.1',
      sources: ['203.0.113.7/32', '2001:db8::/32'],
      targetPort: 5432,
    });
    expect(spec.database?.secretFiles?.map((f) => f.secretKey)).toEqual([
      'tls-cert',
      'tls-key',
      'tls-ca',
    ]);
    expect(
      new X509Certificate(spec.secretData['tls-cert']!).checkIssued(new X509Certificate(ca.body)),
    ).toBe(true);
    expect(t.logs.text).not.toContain(spec.secretData['tls-key']!.split('\n')[1]);

    // The whole Internet only when asked, and said.
    const open = await setAccess(db.id, team.admin.token, {
      actif: true,
      sources_autorisees: ['0.0.0.0/0'],
    });
    expect(open.json<DatabaseResource>().acces_public).toMatchObject({
      port: on.port,
      ouvert_a_tous: true,
      empreinte_ca: on.empreinte_ca,
    });

    const audit = await t.app.ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.projectId, projectId), eq(auditEvents.action, 'database.public_access')),
      );
    expect(audit.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { actif: true, port: on.port, sources_autorisees: ['203.0.113.7/32', '2001:db8::/32'] },
        { actif: true, port: on.port, sources_autorisees: ['0.0.0.0/0'] },
      ]),
    );
    expect(JSON.stringify(audit)).not.toContain('PRIVATE KEY');

    const off = await setAccess(db.id, team.admin.token, { actif: false });
    expect(off.json<DatabaseResource>().acces_public).toMatchObject({
      actif: false,
      port: null,
      chaine_connexion: null,
    });
    const spec2 = await t.app.engine.specs.ofApplication((await deploymentRow(t, db.id))!);
    expect(spec2.database?.publicEndpoint).toBeNull();
    expect(spec2.database?.secretFiles).toBeUndefined();
    expectDetail(await setAccess(db.id, team.admin.token, { actif: false }), 409, pt.alreadyOff);
  });

  it('never gives one port to two databases, even asked at once, and says when none is left', async () => {
    const dbs = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((n) => createDb(n, 'redis')));
    const answers = await Promise.all(
      dbs.map((db) =>
        setAccess(db.id, team.admin.token, {
          actif: true,
          sources_autorisees: ['198.51.100.0/24'],
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json<DatabaseResource>());
    const ports = ok.map((d) => d.acces_public.port);
    // The range holds three ports; « publique » of the test above gave its own back.
    expect(ok).toHaveLength(3);
    expect(new Set(ports).size).toBe(3);
    for (const p of ports) expect(p! >= 21000 && p! <= 21002).toBe(true);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(1);
    expectDetail(refused[0]!, 409, pt.noPortLeft);
    // Redis: its public side is its TLS port.
    expect(ok[0]!.acces_public.chaine_connexion).toMatch(
      /^rediss:\/\/default:\*{8}@db\.nuage\.test:210\d\d\/0$/,
    );
    // One turned off gives its port back.
    const freed = ok[0]!;
    await setAccess(freed.id, team.admin.token, { actif: false });
    const last = dbs.find((d) => !ok.some((o) => o.id === d.id))!;
    const again = await setAccess(last.id, team.admin.token, {
      actif: true,
      sources_autorisees: ['198.51.100.0/24'],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DatabaseResource>().acces_public.port).toBe(freed.acces_public.port);
  });
});
