import { describe, expect, it } from 'vitest';
import { LABELS } from '../../spec';
import { driftOf, STOPPED_DRIFT_MS } from './drift';
import type { ContainerInspect, EngineApi } from './engine-api';
import { DOCKER_LABELS } from './labels';

/** What the docker runtime reports as drift: containers removed or stopped by hand. */
const NOW = Date.parse('2026-11-25T06:00:00Z');
const ref = { deploymentId: 'd1', name: 'site', namespace: 'env', replicas: 3 };

function container(
  name: string,
  component: 'application' | 'database' | 'setup',
  state: Partial<ContainerInspect['State']> = {},
  replica?: number,
): ContainerInspect {
  return {
    Id: name,
    Name: `/${name}`,
    RestartCount: 0,
    State: {
      Status: 'running',
      Running: true,
      Restarting: false,
      OOMKilled: false,
      ExitCode: 0,
      StartedAt: new Date(NOW - 3_600_000).toISOString(),
      FinishedAt: '0001-01-01T00:00:00Z',
      ...state,
    },
    Config: {
      Image: 'img',
      Env: [],
      Cmd: null,
      Entrypoint: null,
      Labels: {
        [LABELS.deploymentId]: 'd1',
        [LABELS.component]: component,
        ...(replica !== undefined ? { [DOCKER_LABELS.replica]: String(replica) } : {}),
      },
    },
    NetworkSettings: { Ports: null },
  };
}

const stoppedAgo = (ms: number) => ({
  Status: 'exited',
  Running: false,
  FinishedAt: new Date(NOW - ms).toISOString(),
});
const api = (volumes: string[]) =>
  ({ listVolumes: async () => volumes.map((Name) => ({ Name })) }) as unknown as EngineApi;

describe('driftOf', () => {
  it('reports nothing for a complete, running application', async () => {
    const all = [
      container('site-0', 'application', {}, 0),
      container('site-1-b', 'application', {}, 1),
      container('site-2', 'application', {}, 2),
      container('site-db', 'database'),
      container('site-setup', 'setup', stoppedAgo(3_600_000)),
    ];
    expect(await driftOf(api(['site-db-data']), ref, all, NOW)).toEqual([]);
  });

  it('reports a missing replica, a replica stopped for long, and a missing database', async () => {
    const all = [
      container('site-0', 'application', stoppedAgo(STOPPED_DRIFT_MS + 1_000), 0),
      container('site-2', 'application', {}, 2),
    ];
    expect(await driftOf(api(['site-db-data']), ref, all, NOW)).toEqual([
      'conteneur site-0 arrêté',
      'instance site-1 absente',
      'conteneur site-db (base de données) absent',
    ]);
  });

  it('leaves to the engine a container it is restarting or that stopped a moment ago', async () => {
    const all = [
      container('site-0', 'application', stoppedAgo(2_000), 0),
      container('site-1', 'application', { ...stoppedAgo(60_000), Restarting: true }, 1),
      container('site-2', 'application', {}, 2),
    ];
    // No database volume: the application has none.
    expect(await driftOf(api([]), ref, all, NOW)).toEqual([]);
  });
});
