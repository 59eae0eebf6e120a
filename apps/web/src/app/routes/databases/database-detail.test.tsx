import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDatabase } from '@/test/database-fixtures';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DatabaseDetailRoute from './database-detail';

/** A database's page (issue 25): the password masked, revealed to administrators only. */
const env = buildEnvironment();
const PASSWORD = 'Zq8sLq2x0pW3mT7yV1bN5cR9dF4gH6jK';
const database = buildDatabase(env, {
  applications_liees: [
    {
      application_id: 'a1a1a1a1-0000-4000-8000-0000000000a1',
      application_nom: 'api',
      variable: 'DATABASE_URL',
    },
  ],
});

function renderPage(role: 'admin' | 'developer' | 'user', shown: DatabaseResource = database) {
  const project = buildProject({ role_projet: role });
  const view = renderRoute(<DatabaseDetailRoute />, {
    url: `/database/${database.id}`,
    path: '/database/:databaseId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/databases/${database.id}`, { body: shown })
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: project })
    .on('GET', `/deployments/${env.id}/deployments`, { body: [] });
  return view;
}

describe('a database page', { timeout: 20_000 }, () => {
  it('reveals the password to an administrator only after the account password', async () => {
    const view = renderPage('admin');
    const card = await screen.findByRole('region', { name: t.connection });
    expect(within(card).getByTestId('connection-string')).toHaveTextContent(
      'postgres://app:********@clients:5432/app',
    );
    expect(card).not.toHaveTextContent(PASSWORD);
    view.api.on('POST', `/databases/${database.id}/credentials/reveal`, {
      body: {
        utilisateur: 'app',
        mot_de_passe: PASSWORD,
        chaine_connexion: `postgres://app:${PASSWORD}@clients:5432/app`,
      },
    });
    await view.user.click(await within(card).findByRole('button', { name: t.reveal }));
    const dialog = await screen.findByRole('dialog');
    await view.user.type(within(dialog).getByLabelText(/mot de passe/i), 'Secret2024');
    await view.user.click(within(dialog).getByRole('button', { name: t.reveal }));
    await waitFor(() =>
      expect(within(card).getByTestId('database-password')).toHaveTextContent(PASSWORD),
    );
    expect(within(card).getByTestId('connection-string')).toHaveTextContent(
      `postgres://app:${PASSWORD}@clients:5432/app`,
    );
    expect(
      view.api.callsTo('POST', `/databases/${database.id}/credentials/reveal`)[0]?.body,
    ).toEqual({
      mot_de_passe: 'Secret2024',
    });
    expect(screen.getByRole('region', { name: t.linked })).toHaveTextContent('DATABASE_URL');
  });

  it('offers neither reveal nor regenerate to a developer or a user', async () => {
    for (const role of ['developer', 'user'] as const) {
      const view = renderPage(role);
      const card = await screen.findByRole('region', { name: t.connection });
      await screen.findByText('Boutique Dakar');
      expect(within(card).queryByRole('button', { name: t.reveal })).toBeNull();
      expect(within(card).queryByRole('button', { name: t.regenerate })).toBeNull();
      if (role === 'user') expect(screen.queryByRole('button', { name: t.restart })).toBeNull();
      view.unmount();
    }
  });

  it('starts a stopped database', async () => {
    const view = renderPage('developer', {
      ...database,
      arretee: true,
      statut_deploiement: 'STOPPED',
    });
    view.api.on('POST', `/databases/${database.id}/start`, {
      status: 202,
      body: { message: 'Démarrage de la base de données demandé.' },
    });
    expect(await screen.findByText('Arrêté')).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: t.start }));
    await waitFor(() =>
      expect(view.api.callsTo('POST', `/databases/${database.id}/start`)).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: t.restart })).toBeDisabled();
  });

  it('resizes: sends the new CPU with the other resources as they are', async () => {
    const view = renderPage('developer');
    view.api.on('PUT', `/databases/${database.id}/resources`, {
      body: { ...database, cpu_requis: 1 },
    });
    await view.user.click(await screen.findByRole('button', { name: t.resize }));
    const form = screen.getByRole('form', { name: t.resize });
    expect(within(form).getByLabelText(t.storage)).toHaveAccessibleDescription(t.storageGrowsOnly);
    const cpu = within(form).getByLabelText(t.cpu);
    await view.user.clear(cpu);
    await view.user.type(cpu, '1');
    await view.user.click(within(form).getByRole('button', { name: t.resizeSubmit }));
    await waitFor(() =>
      expect(view.api.callsTo('PUT', `/databases/${database.id}/resources`)[0]?.body).toEqual({
        cpu: 1,
        ram: 1,
        storage: 5,
      }),
    );
    // Saved: the form closes.
    await waitFor(() => expect(screen.queryByRole('form', { name: t.resize })).toBeNull());
  });

  it('draws its CPU, memory and disk over time like an application’s (issue 28)', async () => {
    const view = renderPage('user');
    const at = [1_764_400_000, 1_764_400_300];
    view.api.on('GET', `/monitoring/applications/${database.id}/metrics/history`, {
      body: {
        application_id: database.id,
        range: '24h',
        resolution: '5m',
        step_seconds: 300,
        simulated: false,
        notice: null,
        disk_notice: null,
        limits: { cpu_milli: 500, ram_mb: 1000, disk_mb: 5000 },
        series: {
          at,
          cpu_milli: [120, 340],
          cpu_milli_max: [200, 410],
          ram_mb: [300, 320],
          ram_mb_max: [310, 330],
          rx_bps: [null, 100],
          tx_bps: [null, 50],
          restarts: [0, 0],
          disk_used_mb: [900, 950],
          disk_percent: [18, 19],
        },
      },
    });
    const card = await screen.findByRole('region', { name: 'Historique des ressources' });
    expect(
      await within(card).findByRole('img', {
        name: 'Processeur : pic de 410 sur la période, limite 500',
      }),
    ).toBeInTheDocument();
  });
});
