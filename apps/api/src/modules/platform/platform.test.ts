import { afterEach, describe, expect, it } from 'vitest';
import { FakeRuntime } from '../../../test/helpers/fake-runtime';
import { createEngineTestApp } from '../../../test/helpers/engine-test-app';
import { call, createVerifiedUser } from '../../../test/helpers/factories';
import type { TestApp } from '../../../test/helpers/test-app';

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
});
