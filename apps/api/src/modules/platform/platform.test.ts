import { afterEach, describe, expect, it } from 'vitest';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { operatorSettingsTexts } from '@nuage/shared/messages/platform';

const GUARD_DOWN =
  "Garde réseau inactif : l'isolation entre environnements n'est pas garantie sur cet hôte (image missing)";

describe('GET /platform', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('lists what the runtime reports operators must know (a network guard that cannot run)', async () => {
    const runtime = new FakeRuntime();
    let problems: string[] = [GUARD_DOWN];
    t = await createEngineTestApp(Object.assign(runtime, { problems: () => problems }));
    const user = await createVerifiedUser(t);

    const res = await call(t, 'GET', '/api/v1/platform', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ runtime: 'kubernetes', problemes: [GUARD_DOWN] });

    problems = [];
    const again = await call(t, 'GET', '/api/v1/platform', { token: user.token });
    expect(again.json()).toMatchObject({ problemes: [] });
  });

  it('lists nothing for a runtime that reports no problems', async () => {
    t = await createEngineTestApp(new FakeRuntime());
    const user = await createVerifiedUser(t);
    const res = await call(t, 'GET', '/api/v1/platform', { token: user.token });
    expect(res.json()).toMatchObject({ problemes: [] });
  });

  it('tells the platform’s operators, and only them, the settings customers miss', async () => {
    t = await createTestApp({
      appsDomain: undefined,
      publicIp: undefined,
      publicUrl: 'http://localhost:3000',
      operatorEmails: ['exploitation@nuage.sn'],
    });
    const customer = await createVerifiedUser(t);
    const operator = await createVerifiedUser(t, { email: 'exploitation@nuage.sn' });
    const seen = await call(t, 'GET', '/api/v1/platform', { token: customer.token });
    expect(seen.json()).toMatchObject({
      operateur: false,
      reglages_a_completer: [],
      dns_configure: false,
    });
    const told = await call(t, 'GET', '/api/v1/platform', { token: operator.token });
    expect(told.json()).toMatchObject({
      operateur: true,
      reglages_a_completer: [
        operatorSettingsTexts.publicAddress,
        operatorSettingsTexts.publicUrl('http://localhost:3000'),
      ],
    });
  });

  it('has nothing to tell operators once the public address and URL are set', async () => {
    t = await createTestApp({
      appsDomain: 'apps.nuage.sn',
      publicUrl: 'https://console.nuage.sn',
      operatorEmails: ['exploitation@nuage.sn'],
    });
    const operator = await createVerifiedUser(t, { email: 'exploitation@nuage.sn' });
    const res = await call(t, 'GET', '/api/v1/platform', { token: operator.token });
    expect(res.json()).toMatchObject({
      operateur: true,
      reglages_a_completer: [],
      dns_configure: true,
    });
  });
});
