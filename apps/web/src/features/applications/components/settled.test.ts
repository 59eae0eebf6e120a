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

  it('keeps reading while a restart or a scale is not yet applied, though every pod still runs', () => {
    const running = {
      statut_deploiement: 'RUNNING',
      replicas: 1,
      pods_status: [pod('a-simule-g1-0'), pod('a-db-simule-0')],
    };
    expect(isSettled({ ...running, change_pending: false })).toBe(true);
    expect(isSettled({ ...running, change_pending: true })).toBe(false);
  });

  it('keeps reading while a built release is not yet serving', () => {
    expect(
      isSettled({
        statut_deploiement: 'RUNNING',
        replicas: 1,
        pods_status: [pod('a-0')],
        rollout_pending: true,
      }),
    ).toBe(false);
  });

  it('stops while the application waits, held, for a restore that failed; reads while one runs', () => {
    const held = { statut_deploiement: 'DEPLOYING', replicas: 1, pods_status: [pod('a-db')] };
    const alert = {
      message: 'La restauration de la sauvegarde de « Boutique » a échoué : fichier altéré.',
      restauration_id: 'r1',
      sauvegarde_id: 'b1',
      sauvegarde_date: '2025-01-09T02:00:00.000Z',
      application_source: 'Boutique',
      erreur: 'fichier altéré.',
      date: '2025-01-10T09:00:00.000Z',
    };
    expect(
      isSettled({
        ...held,
        alerte_restauration: { ...alert, statut: 'failed', reessayable: true },
      }),
    ).toBe(true);
    expect(
      isSettled({
        ...held,
        alerte_restauration: { ...alert, statut: 'running', reessayable: false },
      }),
    ).toBe(false);
  });
});
