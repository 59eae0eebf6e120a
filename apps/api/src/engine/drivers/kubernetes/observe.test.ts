import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IPod } from 'kubernetes-models/v1/Pod';
import { describe, expect, it } from 'vitest';
import { observe, type ObservedObjects } from './observe';
import { cpuMilli, parseQuantity, ramMb } from './quantities';

const deployment = (status: NonNullable<IDeployment['status']>): IDeployment => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'wp', generation: 2 },
  spec: {
    replicas: 1,
    selector: {},
    template: { spec: { containers: [{ name: 'wp', image: 'wordpress:6.4' }] } },
  },
  status,
});
const rolledOut = { observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 1 };
const pod = (
  name: string,
  status: NonNullable<IPod['status']>,
  extra: Partial<IPod['metadata']> = {},
): IPod => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, ...extra },
  status,
});
const waiting = (reason: string, lastState = {}) => ({
  phase: 'Running' as const,
  containerStatuses: [
    {
      name: 'wp',
      image: 'wordpress:6.4',
      imageID: '',
      ready: false,
      restartCount: 5,
      state: { waiting: { reason } },
      lastState,
    },
  ],
});
const objects = (o: Partial<ObservedObjects>): ObservedObjects => ({
  deployments: [deployment(rolledOut)],
  statefulSets: [],
  jobs: [],
  pods: [],
  ingresses: [],
  ...o,
});

describe('observe', () => {
  it('reports a crash loop, and says so when memory is the cause', () => {
    const crash = observe(
      objects({
        pods: [pod('wp-1', waiting('CrashLoopBackOff', { terminated: { exitCode: 1 } }))],
      }),
    );
    expect(crash.phase).toBe('failed');
    expect(crash.reason).toBe(
      'Le conteneur wp de wp-1 s’arrête et redémarre en boucle [CrashLoopBackOff] (code 1)',
    );
    const oom = observe(
      objects({
        pods: [
          pod(
            'wp-1',
            waiting('CrashLoopBackOff', { terminated: { reason: 'OOMKilled', exitCode: 137 } }),
          ),
        ],
      }),
    );
    expect(oom.reason).toContain('dépasse sa mémoire');
    expect(oom.pods[0]).toEqual({
      name: 'wp-1',
      status: 'CrashLoopBackOff',
      ready: false,
      restarts: 5,
    });
  });

  it('reports pods the quota refused, and a rollout past its deadline', () => {
    const quota = observe(
      objects({
        deployments: [
          deployment({
            ...rolledOut,
            readyReplicas: 0,
            conditions: [
              {
                type: 'ReplicaFailure',
                status: 'True',
                reason: 'FailedCreate',
                message:
                  'pods "wordpress-x-7d4b9c-k2x9p" is forbidden: exceeded quota: nuagedeploy-quota, requested: limits.cpu=458m,limits.memory=600M,requests.cpu=458m,requests.memory=600M, used: limits.cpu=2208m,limits.memory=7500M,requests.cpu=2208m,requests.memory=7500M, limited: limits.cpu=2500m,limits.memory=8G,requests.cpu=2500m,requests.memory=8G',
              },
            ],
          }),
        ],
      }),
    );
    // In French, with the facts: no English from the API server reaches the user.
    expect(quota).toMatchObject({
      phase: 'failed',
      reason:
        'Kubernetes ne peut pas créer de pod pour l’application : le quota de l’environnement est atteint (458 m de CPU demandés, 2208 m utilisés sur 2500 m ; 600 Mo de mémoire demandés, 7500 Mo utilisés sur 8000 Mo). Augmentez le quota du projet ou réduisez les ressources d’une application.',
    });
    const late = observe(
      objects({
        deployments: [
          deployment({
            ...rolledOut,
            readyReplicas: 0,
            conditions: [
              { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' },
            ],
          }),
        ],
      }),
    );
    expect(late.phase).toBe('failed');
  });

  it('a pod the quota refuses during a rollout, or beside a pod still terminating, is a wait, not a failure', () => {
    const refused = {
      type: 'ReplicaFailure',
      status: 'True',
      reason: 'FailedCreate',
      message:
        'pods "wp-5f7c-x2k9q" is forbidden: exceeded quota: nuagedeploy-quota, requested: limits.cpu=458m,requests.cpu=458m, used: limits.cpu=1499m,requests.cpu=1499m, limited: limits.cpu=1500m,requests.cpu=1500m',
    };
    const rolling = { type: 'Progressing', status: 'True', reason: 'ReplicaSetUpdated' };
    const done = { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable' };
    const restarting = { ...rolledOut, replicas: 3, readyReplicas: 2, updatedReplicas: 1 };
    const three = (status: NonNullable<IDeployment['status']>) => {
      const d = deployment(status);
      return { ...d, spec: { ...d.spec!, replicas: 3 } };
    };
    const stopping = pod(
      'wp-old',
      { phase: 'Running' },
      {
        deletionTimestamp: '2025-01-10T09:00:00Z',
        labels: { 'app.kubernetes.io/component': 'app' },
      },
    );
    // A restart without surge under a full quota: the replacement waits for the stopped pod's room.
    expect(
      observe(objects({ deployments: [three({ ...restarting, conditions: [rolling, refused] })] })),
    ).toMatchObject({ phase: 'starting', reason: null });
    expect(
      observe(
        objects({
          deployments: [three({ ...restarting, conditions: [done, refused] })],
          pods: [stopping],
        }),
      ),
    ).toMatchObject({ phase: 'starting', reason: null });
    // Its rollout over and nothing stopping: it will not get its pod back by itself.
    expect(
      observe(objects({ deployments: [three({ ...restarting, conditions: [done, refused] })] })),
    ).toMatchObject({
      phase: 'failed',
      reason: expect.stringMatching(/^Kubernetes ne peut pas créer de pod/),
    });
  });

  it('notes a failed setup job without failing a running application', () => {
    const result = observe(
      objects({
        jobs: [
          {
            apiVersion: 'batch/v1',
            kind: 'Job',
            metadata: { name: 'wp-setup' },
            status: {
              conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded' }],
            },
          },
        ],
      }),
    );
    expect(result).toMatchObject({
      phase: 'running',
      reason: 'L’initialisation (wp-setup) a échoué : BackoffLimitExceeded',
    });
  });

  it('stays starting while the setup job is at work, running once it has succeeded', () => {
    const job = (status: Record<string, unknown>) => ({
      apiVersion: 'batch/v1' as const,
      kind: 'Job' as const,
      metadata: { name: 'wp-setup' },
      status,
    });
    // WordPress answers 500 while `wp core install` writes its tables: not « En ligne » yet.
    expect(observe(objects({ jobs: [job({ active: 1 })] })).phase).toBe('starting');
    expect(
      observe(
        objects({
          jobs: [job({ succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] })],
        }),
      ).phase,
    ).toBe('running');
  });

  it('does not fail the serving release on the pods of a failed one being scaled down', () => {
    const crashing = (extra: Partial<IPod['metadata']> = {}) =>
      pod('wp-broken', waiting('CrashLoopBackOff', { terminated: { exitCode: 1 } }), {
        labels: { 'app.kubernetes.io/component': 'app' },
        ...extra,
      });
    const pastDeadline = {
      ...rolledOut,
      conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }],
    };
    // Reverted (generation 3), before the controller has caught up: what it reports is stale.
    const reverted = { ...deployment(pastDeadline), metadata: { name: 'wp', generation: 3 } };
    const waitingForController = observe(objects({ deployments: [reverted], pods: [crashing()] }));
    expect(waitingForController).toMatchObject({ phase: 'starting', reason: null });
    // Caught up: the failed release's pod is being deleted, the serving one is all there is.
    const caughtUp = observe(
      objects({ pods: [crashing({ deletionTimestamp: '2026-11-25T12:00:00Z' })] }),
    );
    expect(caughtUp).toMatchObject({ phase: 'running', reason: null });
    // The same pod alive once the controller has seen the change: the release really fails.
    expect(observe(objects({ pods: [crashing()] })).phase).toBe('failed');
  });

  it('waits for the database, hides finished setup pods and shows terminating ones', () => {
    const result = observe(
      objects({
        statefulSets: [
          {
            apiVersion: 'apps/v1',
            kind: 'StatefulSet',
            metadata: { name: 'db' },
            spec: { replicas: 1, selector: {}, serviceName: 'db', template: {} },
            status: { replicas: 1, readyReplicas: 0 },
          },
        ],
        pods: [
          pod('setup-x', { phase: 'Succeeded' }),
          pod('wp-old', { phase: 'Running' }, { deletionTimestamp: '2025-01-01T00:00:00Z' }),
        ],
      }),
    );
    expect(result.phase).toBe('starting');
    expect(result.pods.map((p) => [p.name, p.status])).toEqual([['wp-old', 'Terminating']]);
  });
});

describe('quantities', () => {
  it.each([
    ['250m', 250],
    ['1', 1000],
    ['1.5', 1500],
    ['123456789n', 123],
    ['2500u', 3],
    ['garbage', 0],
  ])('cpu %s = %i millicores', (q, expected) => expect(cpuMilli(q)).toBe(expected));

  it.each([
    ['1Gi', 1074],
    ['512Mi', 537],
    ['1G', 1000],
    ['500M', 500],
    ['1000000', 1],
    ['1e9', 1000],
    ['200000Ki', 205],
  ])('memory %s = %i MB', (q, expected) => expect(ramMb(q)).toBe(expected));

  it('refuses what is not a quantity', () => {
    expect(parseQuantity('12 Mi')).toBeNaN();
    expect(parseQuantity('Mi')).toBeNaN();
  });
});
