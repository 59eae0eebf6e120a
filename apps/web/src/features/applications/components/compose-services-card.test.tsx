import { composeFormTexts as t } from '@nuage/shared/messages/compose';
import type { ApplicationMetrics } from '@nuage/shared/schemas/responses/monitoring';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { ComposeServicesCard } from './compose-services-card';

const compose: NonNullable<DeploymentDetail['compose']> = {
  service_expose: 'web',
  port: 8080,
  services: [
    {
      nom: 'db',
      image: 'postgres:16',
      cpu: 0.5,
      ram: 0.512,
      limites_du_fichier: false,
      construit: false,
    },
    {
      nom: 'web',
      image: 'node:22-slim',
      cpu: 0.25,
      ram: 0.269,
      limites_du_fichier: true,
      construit: false,
    },
  ],
  volumes: [{ nom: 'pgdata', taille: 2.148 }],
  chemin_compose: null,
};

function metrics(pods: ApplicationMetrics['pods']): ApplicationMetrics {
  return {
    application_id: 'd-1',
    application_name: 'pile',
    status: 'RUNNING',
    available: true,
    message: null,
    source: 'docker',
    collected_at: '2026-11-30T01:00:00.000Z',
    cpu: { used: 0.2, limit: 0.75, percent: 26.7 },
    ram: { used: 0.1, limit: 0.781, percent: 12.8 },
    storage: { reserved: 2.148 },
    pods,
  };
}

const item = async (service: string) =>
  within(await screen.findByRole('region', { name: t.servicesTitle })).getByRole('listitem', {
    name: service,
  });

describe('ComposeServicesCard', () => {
  it('shows each service’s live CPU and memory, summed over its containers', async () => {
    renderRoute(
      <ComposeServicesCard
        compose={compose}
        pods={
          [
            { name: 'compose-pile-0', status: 'Running', restarts: 0 },
            { name: 'compose-pile-db', status: 'Running', restarts: 0 },
          ] as DeploymentDetail['pods_status']
        }
        metrics={metrics([
          { name: 'compose-pile-0', cpu: 0.05, ram: 0.0425, service: 'web' },
          { name: 'compose-pile-0-b', cpu: 0.01, ram: 0.02, service: 'web' },
          { name: 'compose-pile-db', cpu: 0.12, ram: 0.0315, service: 'db' },
        ])}
      />,
      { user: buildUser() },
    );
    expect(await within(await item('web')).findByText(t.liveUsage('0,06', '62,5'))).toBeVisible();
    expect(within(await item('db')).getByText(t.liveUsage('0,12', '31,5'))).toBeVisible();
  });

  it('says « < 0,01 » core for a near-idle service rather than 0', async () => {
    renderRoute(
      <ComposeServicesCard
        compose={compose}
        pods={
          [
            { name: 'compose-pile-db', status: 'Running', restarts: 0 },
          ] as DeploymentDetail['pods_status']
        }
        metrics={metrics([{ name: 'compose-pile-db', cpu: 0.002, ram: 0.0315, service: 'db' }])}
      />,
      { user: buildUser() },
    );
    expect(await within(await item('db')).findByText(t.liveUsage('< 0,01', '31,5'))).toBeVisible();
  });

  it('shows no usage while the runtime gives none', async () => {
    renderRoute(
      <ComposeServicesCard
        compose={compose}
        pods={[]}
        metrics={{ ...metrics([]), available: false, message: 'Métriques indisponibles' }}
      />,
      { user: buildUser() },
    );
    const web = await item('web');
    expect(web).toHaveTextContent('node:22-slim');
    expect(web).not.toHaveTextContent('En ce moment');
  });
});
