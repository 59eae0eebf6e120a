import { describe, expect, it } from 'vitest';
import { isSettled } from './settled';

const pod = (name: string, status = 'Running', ready = true) => ({
  name,
  status,
  ready,
  restarts: 0,
});

describe('when the detail page stops reading the application again', () => {
  it('keeps reading while it starts, scales or restarts', () => {
    expect(
      isSettled({ statut_deploiement: 'DEPLOYING', replicas: 1, pods_status: [pod('a-0')] }),
    ).toBe(false);
    expect(isSettled({ statut_deploiement: 'PENDING', replicas: 1, pods_status: [] })).toBe(false);
    expect(
      isSettled({ statut_deploiement: 'DELETING', replicas: 1, pods_status: [pod('a-0')] }),
    ).toBe(false);
    // A new replica still starting.
    expect(
      isSettled({
        statut_deploiement: 'RUNNING',
        replicas: 2,
        pods_status: [
          pod('a-simule-g1-0'),
          pod('a-simule-g1-1', 'Pending', false),
          pod('a-db-simule-0'),
        ],
      }),
    ).toBe(false);
    expect(
      isSettled({ statut_deploiement: 'RUNNING', replicas: 2, pods_status: [pod('a-0')] }),
    ).toBe(false);
  });

  it('stops once every pod runs, or the application failed', () => {
    expect(
      isSettled({
        statut_deploiement: 'RUNNING',
        replicas: 2,
        pods_status: [pod('a-simule-g1-0'), pod('a-simule-g1-1'), pod('a-db-simule-0')],
      }),
    ).toBe(true);
    expect(isSettled({ statut_deploiement: 'FAILED', replicas: 1, pods_status: [] })).toBe(true);
  });
});
