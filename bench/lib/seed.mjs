// Accounts' data for the benchmarks: projects, and applications waited for until running.
import { sleep } from './server.mjs';

/** Projects `from`…`to - 1` of the account, roomy quotas; their answers. */
export async function createProjects(call, from, to, extra = {}) {
  const made = [];
  for (let i = from; i < to; i++) {
    made.push(
      await call('POST', '/projects/', {
        nom: `Projet ${i + 1}`,
        quota_cpu: 100,
        quota_ram: 200,
        quota_stockage: 2000,
        ...extra,
      }),
    );
  }
  return made;
}

const ENV_TYPES = ['dev', 'staging', 'preproduction', 'prod'];

/** `projects` × `envs` environments × `apps` WordPress applications, waited for until running. */
export async function seedApplications(call, { projects, envs, apps }) {
  const environments = [];
  for (const project of await createProjects(call, 0, projects)) {
    for (const type of ENV_TYPES.slice(0, envs)) {
      const env = await call('POST', `/environments/${project.id}/environments`, {
        nom: type,
        type,
      });
      environments.push(env);
      await Promise.all(
        Array.from({ length: apps }, (_, a) =>
          call('POST', `/deployments/${env.id}/deploy/erp`, {
            nom: `app-${a + 1}`,
            cpu: 0.5,
            ram: 0.5,
            storage: 5,
            replicas: 1,
            type_application: 'wordpress',
          }),
        ),
      );
    }
  }
  const total = projects * envs * apps;
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const d = await call('GET', '/dashboard');
    if (d.totals.applications === total && d.totals.active_applications === total) break;
    if (Date.now() > deadline) throw new Error(`engine not settled: ${JSON.stringify(d.totals)}`);
    await sleep(2000);
  }
  return environments;
}
