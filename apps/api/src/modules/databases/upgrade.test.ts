import { databaseUpgradeTexts } from '@nuage/shared/messages/database-upgrades';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers/factories';
import { API, expectDetail, expectIssue, type Team } from '../../../test/helpers/project-factories';
import {
  deploymentRow,
  reconcileToStatus,
  teamWithEnvironment,
} from '../../../test/helpers/deploy-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { parseDatabaseVersions } from './versions';

let t: TestApp;
let team: Team;
let envId: string;

beforeAll(async () => {
  t = await createTestApp({
    databaseVersions: parseDatabaseVersions(
      'postgresql:16.2,postgresql:16.4,postgresql:17.0,postgresql:16.1,redis:7',
    ),
  });
  const created = await teamWithEnvironment(t);
  team = created.team;
  envId = created.env.id;
});
afterAll(() => t.close());

const upgrade = (id: string, version: unknown, token = team.developer.token) =>
  call(t, 'PUT', `${API}/databases/${id}/version`, { token, body: { version } });

describe('a database version upgrade within its major (issue 25 item 4)', () => {
  it('moves the image to the newer tag on the same volume, and refuses what would lose data', async () => {
    const res = await call(t, 'POST', `${API}/environments/${envId}/databases`, {
      token: team.developer.token,
      body: { nom: 'ventes', moteur: 'postgresql', version: '16.2', cpu: 0.5, ram: 1, storage: 5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const db = res.json<DatabaseResource>();
    await reconcileToStatus(t, db.id, 'RUNNING');
    const before = (await deploymentRow(t, db.id))!;
    const volumeBefore = (await t.app.engine.specs.ofApplication(before)).database!.volume;

    expect((await upgrade(db.id, '16.4', team.user.token)).statusCode).toBe(403);
    expectIssue(
      await upgrade(db.id, '16.2'),
      ['body', 'version'],
      databaseUpgradeTexts.sameVersion('16.2'),
    );
    expectIssue(
      await upgrade(db.id, '16.9'),
      ['body', 'version'],
      databaseUpgradeTexts.notOffered('16.9'),
    );
    expectIssue(
      await upgrade(db.id, '17.0'),
      ['body', 'version'],
      databaseUpgradeTexts.otherMajor('16.2', '17.0'),
    );
    expectIssue(
      await upgrade(db.id, '16.1'),
      ['body', 'version'],
      databaseUpgradeTexts.downgrade('16.2', '16.1'),
    );
    expectIssue(
      await upgrade(db.id, ''),
      ['body', 'version'],
      databaseUpgradeTexts.versionRequired,
    );

    const done = await upgrade(db.id, '16.4');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<DatabaseResource>().version).toBe('16.4');
    const after = (await deploymentRow(t, db.id))!;
    expect(after.generation).toBe(before.generation + 1);
    expect(after.events[0]?.message).toBe(databaseUpgradeTexts.requested('16.2', '16.4'));
    // What the runtime gets: the new image, the same volume (its data), the same reservation.
    const spec = await t.app.engine.specs.ofApplication(after);
    expect(spec.database!.image).toBe('docker.io/library/postgres:16.4');
    expect(spec.database!.volume).toEqual(volumeBefore);
    expect([after.cpuMilli, after.ramMb, after.storageMb]).toEqual([
      before.cpuMilli,
      before.ramMb,
      before.storageMb,
    ]);
    await reconcileToStatus(t, db.id, 'RUNNING');
  });

  it('is refused while the database is stopped, and to an outsider as not found', async () => {
    const res = await call(t, 'POST', `${API}/environments/${envId}/databases`, {
      token: team.developer.token,
      body: { nom: 'arretee', moteur: 'postgresql', version: '16.2', cpu: 0.5, ram: 1, storage: 5 },
    });
    const db = res.json<DatabaseResource>();
    const stop = await call(t, 'POST', `${API}/databases/${db.id}/stop`, {
      token: team.developer.token,
    });
    expect(stop.statusCode).toBe(202);
    expectDetail(await upgrade(db.id, '16.4'), 409, databaseUpgradeTexts.stoppedFirst);
    expect((await upgrade(db.id, '16.4', team.outsider.token)).statusCode).toBe(404);
  });
});
