import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseNotReadyError, RuntimeRejectedError } from '../../driver';
import {
  makeEnvironment,
  makeSpec,
  VARIANTS,
} from '../../../../test/engine/manifests/test-fixtures';
import type { ApplicationSpec } from '../../spec';
import type { FakeKubeApi } from '../../../../test/kubernetes/fake-kube-api';
import { runControllers } from '../../../../test/kubernetes/fake-controllers';
import { eventually, refOf, startFakeCluster } from '../../../../test/kubernetes/fake-cluster';
import type { KubernetesDriver } from './kubernetes-driver';

/**
 * The setup Job (wp-cli's install) and the namespace's quota (issue 23, defect 3): its pod
 * (200 m, 256 MB) comes on top of the application's reservation. Where the quota cannot hold
 * it beside the application, the deploy is refused before anything is created, in French,
 * rather than an application shown RUNNING whose setup the quota refuses for 30 minutes.
 */
const env = makeEnvironment();
const wordpress: ApplicationSpec = makeSpec({
  template: 'wordpress',
  variant: { ...VARIANTS[0]!, cpuMilli: 500, ramMb: 1000, storageMb: 20_000 },
});
const reserved = { cpuMilli: 500, ramMb: 1000, storageMb: 20_000 };
const JOBS = `/apis/batch/v1/namespaces/${env.namespace}/jobs`;

let api: FakeKubeApi;
let driver: KubernetesDriver;
let stop: () => void;

beforeEach(async () => {
  ({ api, driver } = await startFakeCluster({ rollout: { pollMs: 10, waitMs: 10_000 } }));
  stop = runControllers(api, { podStartMs: 20 });
  await driver.ensureEnvironment(env);
});
afterEach(async () => {
  stop();
  await driver.close();
  await api.close();
});

const projectQuota = (quota: typeof reserved) =>
  driver.distributeQuota({
    projectId: env.projectId,
    quota,
    environments: [{ environment: env, reserved }],
  });
const inNamespace = (plural: string) =>
  [...api.objects.keys()].filter((p) => p.includes(`/namespaces/${env.namespace}/${plural}/`));
const setupJob = () => api.objects.get(`${JOBS}/${wordpress.setup!.name}`);

describe('the setup Job and the quota', () => {
  it('a project fully reserved by the application: refused before anything exists, in French', async () => {
    await projectQuota(reserved);
    const error = await driver.apply(wordpress).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RuntimeRejectedError);
    expect((error as Error).message).toBe(
      'L’initialisation de l’application ne peut pas démarrer : sa tâche demande 200 m de CPU et 256 Mo de mémoire en plus de l’application, et il en manque 200 m de CPU et 256 Mo de mémoire dans le quota de cet environnement. Augmentez le quota du projet ou réduisez les ressources d’une application, puis modifiez l’application pour relancer son déploiement.',
    );
    expect(inNamespace('deployments')).toEqual([]);
    expect(inNamespace('jobs')).toEqual([]);
    expect((await driver.status(refOf(wordpress))).phase).toBe('absent');
  });

  it('with room for it: the setup runs to completion beside the application', async () => {
    await projectQuota({ cpuMilli: 700, ramMb: 1256, storageMb: 20_000 });
    await driver.apply(wordpress);
    await eventually(() =>
      expect((setupJob()!.status as { conditions?: { type: string }[] }).conditions).toEqual([
        expect.objectContaining({ type: 'Complete' }),
      ]),
    );
    await eventually(async () =>
      expect((await driver.status(refOf(wordpress))).phase).toBe('running'),
    );
  });

  it('once it ran, the quota may be all the application’s: applying again starts no setup, refuses nothing', async () => {
    await projectQuota({ cpuMilli: 700, ramMb: 1256, storageMb: 20_000 });
    await driver.apply(wordpress);
    await eventually(() => expect(setupJob()!.status).toMatchObject({ succeeded: 1 }));
    await projectQuota(reserved);
    // Drift repair, a restart's re-apply, a scale of another application: the same setup.
    await expect(driver.apply(wordpress)).resolves.toEqual({ preparations: [] });
    // A setup that must run again (a regenerated password): refused, the version in place serves.
    const regenerated = {
      ...wordpress,
      setup: {
        ...wordpress.setup!,
        env: wordpress.setup!.env.map((e) =>
          e.name === 'NUAGE_PASSWORD_REVISION' ? { ...e, value: '1' } : e,
        ),
      },
    };
    await eventually(async () =>
      expect((await driver.status(refOf(wordpress))).phase).toBe('running'),
    );
    const error = await driver.apply(regenerated).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReleaseNotReadyError);
    expect((error as ReleaseNotReadyError).reason).toMatch(
      /^L’initialisation de l’application ne peut pas démarrer : /,
    );
    expect(setupJob()!.status).toMatchObject({ succeeded: 1 });
  });
});
