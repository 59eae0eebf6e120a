import { databaseUpgradeTexts as t } from '@nuage/shared/messages/database-upgrades';
import type {
  DatabaseEngineOffer,
  DatabaseResource,
} from '@nuage/shared/schemas/responses/databases';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDatabase } from '@/test/database-fixtures';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DatabaseDetailRoute from './database-detail';

/** A database page offers the newer versions of its major the operator lists (issue 25 item 4). */
const env = buildEnvironment();
const database = buildDatabase(env, { version: '16.2' });
const engines: DatabaseEngineOffer[] = [
  {
    id: 'postgresql',
    libelle: 'PostgreSQL',
    versions: ['16.2', '16.4', '17.0', '16.3'],
    port: 5432,
  },
];

function renderPage(role: 'developer' | 'user', shown: DatabaseResource = database) {
  const project = buildProject({ role_projet: role });
  const view = renderRoute(<DatabaseDetailRoute />, {
    url: `/database/${database.id}`,
    path: '/database/:databaseId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/databases/${database.id}`, { body: shown })
    .on('GET', '/databases/engines', { body: engines })
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: project })
    .on('GET', `/deployments/${env.id}/deployments`, { body: [] });
  return view;
}

describe('a database version upgrade', { timeout: 20_000 }, () => {
  it('offers the newest of its major, never the next major, and asks before', async () => {
    const view = renderPage('developer');
    await screen.findByText(t.available);
    expect(screen.getByText('16.2 → 16.4')).toBeInTheDocument();
    expect(screen.queryByText(/17\.0/)).toBeNull();
    await view.user.click(screen.getByRole('button', { name: t.action }));
    const dialog = await screen.findByRole('dialog', { name: t.confirmTitle });
    expect(dialog).toHaveTextContent(t.confirmBody('16.2', '16.4'));
    // Two versions of the major are newer: the user may pick the other one.
    await view.user.selectOptions(within(dialog).getByLabelText(t.target), '16.3');
    expect(dialog).toHaveTextContent(t.confirmBody('16.2', '16.3'));
    view.api.on('PUT', `/databases/${database.id}/version`, {
      body: { ...database, version: '16.3' },
    });
    await view.user.click(within(dialog).getByRole('button', { name: t.confirm }));
    await waitFor(() =>
      expect(view.api.callsTo('PUT', `/databases/${database.id}/version`)[0]?.body).toEqual({
        version: '16.3',
      }),
    );
    expect(await screen.findByText(t.started('16.3'))).toBeInTheDocument();
  });

  it('offers nothing to a viewer', async () => {
    renderPage('user');
    await screen.findByRole('heading', { name: database.nom });
    expect(screen.queryByText(t.available)).toBeNull();
  });

  it('offers nothing on the newest version of its major', async () => {
    renderPage('developer', { ...database, version: '16.4' });
    await screen.findByRole('heading', { name: database.nom });
    await waitFor(() => expect(screen.queryByText(t.available)).toBeNull());
  });
});
