import type { DashboardBackupFailure } from '@nuage/shared/dashboard-types';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { BackupFailures } from './backup-failures';

const failure = (overrides: Partial<DashboardBackupFailure>): DashboardBackupFailure => ({
  application_id: 'a1',
  application_nom: 'Boutique recette',
  projet_nom: 'Boutique Dakar',
  operation: 'restauration',
  erreur: 'Le fichier de la sauvegarde est introuvable (copie locale absente, pas de copie S3).',
  date: '2025-03-10T02:00:00.000Z',
  ...overrides,
});

describe('dashboard: failed backups and restores', () => {
  it('names a failed restore into an application (held, waiting for it) as a restore', async () => {
    renderRoute(<BackupFailures failures={[failure({})]} />);
    expect(await screen.findByText('Une restauration a échoué')).toBeVisible();
    expect(
      screen.getByText(/\(Boutique Dakar\) : restauration échouée — Le fichier/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Boutique recette' })).toHaveAttribute(
      'href',
      '/deployment/a1',
    );
  });

  it('counts backups and restores together', async () => {
    renderRoute(
      <BackupFailures
        failures={[
          failure({}),
          failure({ application_id: 'a2', operation: 'sauvegarde', erreur: null }),
          failure({ application_id: 'a3', operation: 'restauration de test', erreur: null }),
        ]}
      />,
    );
    expect(await screen.findByText('3 sauvegardes ou restaurations ont échoué')).toBeVisible();
    expect(screen.getByText(/sauvegarde échouée/)).toBeVisible();
    expect(screen.getByText(/restauration de test échouée/)).toBeVisible();
  });
});
