import { describe, expect, it } from 'vitest';
import type { ContainerPlan } from './container-spec';
import type { ContainerInspect, EngineApi } from './engine-api';
import { EngineError } from './engine-client';
import { DOCKER_LABELS } from './labels';
import { createAndStart, ensureContainer } from './objects';

const taken = () =>
  new EngineError(
    500,
    'cannot listen on the TCP port: listen tcp4 127.0.0.1:35311: bind: address already in use',
  );

/** An engine whose first `failures` starts fail as Podman's do when the chosen port is taken. */
function engine(failures: number, error: () => Error = taken) {
  const calls: string[] = [];
  let created = 0;
  let failed = 0;
  const api = {
    createContainer: async () => {
      calls.push(`create c${++created}`);
      return `c${created}`;
    },
    startContainer: async (id: string) => {
      calls.push(`start ${id}`);
      if (failed++ < failures) throw error();
    },
    removeContainer: async (id: string) => void calls.push(`remove ${id}`),
    inspectContainer: async () => null,
  } as unknown as EngineApi;
  return { api, calls };
}

const plan = {
  name: 'blog-db',
  hash: 'new',
  labels: {},
  env: [],
  template: { image: 'postgres:15', port: 5432, mounts: [], aliases: [], network: 'n' },
} as unknown as ContainerPlan;
const noFiles = async () => [];

describe('createAndStart', () => {
  it('makes the container again when its port was taken, rather than starting it in vain', async () => {
    const { api, calls } = engine(1);
    expect(await createAndStart(api, plan, noFiles)).toBe('c2');
    expect(calls).toEqual(['create c1', 'start c1', 'remove c1', 'create c2', 'start c2']);
  });

  it('gives up after three tries, and never retries another failure', async () => {
    const stuck = engine(5);
    await expect(createAndStart(stuck.api, plan, noFiles)).rejects.toThrow(/already in use/);
    expect(stuck.calls.filter((c) => c.startsWith('create'))).toHaveLength(3);
    const other = engine(1, () => new EngineError(500, 'no such image'));
    await expect(createAndStart(other.api, plan, noFiles)).rejects.toThrow('no such image');
    expect(other.calls).toEqual(['create c1', 'start c1']);
  });
});

describe('ensureContainer', () => {
  it('replaces a stopped container of the same spec whose port is now taken', async () => {
    const { api, calls } = engine(1);
    const stopped = {
      Id: 'old',
      Config: { Labels: { [DOCKER_LABELS.specHash]: 'new' } },
      State: { Status: 'exited', Running: false, Restarting: false },
    } as unknown as ContainerInspect;
    expect(await ensureContainer(api, plan, stopped, noFiles)).toBe('c1');
    expect(calls).toEqual(['start old', 'remove old', 'create c1', 'start c1']);
  });
});
