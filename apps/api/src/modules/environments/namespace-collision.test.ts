import type { Environment } from '@nuage/shared/api-types';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type * as naming from '../../lib/naming';
import { uniqueDnsLabel } from '../../lib/naming';
import { call, createVerifiedUser, type TestUser } from '../../../test/helpers/factories';
import { API, createEnvironment, createProject } from '../../../test/helpers/project-factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

// The namespace's random suffix can, however rarely, repeat one already taken platform-wide.
vi.mock('../../lib/naming', async (importOriginal) => {
  const real = await importOriginal<typeof naming>();
  return { ...real, uniqueDnsLabel: vi.fn(real.uniqueDnsLabel) };
});

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createVerifiedUser(t);
});
afterAll(() => t.close());

it('draws another namespace when the generated one is already taken', async () => {
  const first = await createProject(t, owner.token);
  vi.mocked(uniqueDnsLabel).mockReturnValueOnce('env-boutique-prod-aaaaaa');
  const taken = await createEnvironment(t, owner.token, first.id, { nom: 'Prod' });
  expect(taken.namespace_k8s_id).toBe('env-boutique-prod-aaaaaa');

  const second = await createProject(t, owner.token);
  vi.mocked(uniqueDnsLabel).mockReturnValueOnce('env-boutique-prod-aaaaaa');
  const res = await call(t, 'POST', `${API}/environments/${second.id}/environments`, {
    token: owner.token,
    body: { nom: 'Prod', type: 'prod' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const env = res.json<Environment>();
  expect(env.namespace_k8s_id).not.toBe('env-boutique-prod-aaaaaa');
  expect(env.namespace_k8s_id).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
  expect(env.nom_dossier_git).toBe(`manifests/${env.namespace_k8s_id}`);
});

it('still answers 409 for a name taken in the project, not another namespace', async () => {
  const project = await createProject(t, owner.token);
  await createEnvironment(t, owner.token, project.id, { nom: 'Staging', type: 'staging' });
  const res = await call(t, 'POST', `${API}/environments/${project.id}/environments`, {
    token: owner.token,
    body: { nom: 'staging', type: 'staging' },
  });
  expect(res.statusCode).toBe(409);
});
