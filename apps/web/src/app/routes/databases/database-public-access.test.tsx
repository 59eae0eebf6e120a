import { databasePublicTexts as t } from '@nuage/shared/messages/database-public';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDatabase } from '@/test/database-fixtures';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DatabaseDetailRoute from './database-detail';

/** The « Accès public » card of a database page (issue 25 item 2). */
const env = buildEnvironment();
const internal = buildDatabase(env);
const FINGERPRINT = 'AB:CD:'.repeat(15) + 'EF:01';
const published: DatabaseResource = {
  ...internal,
  acces_public: {
    disponible: true,
    actif: true,
    hote: 'db.nuage.test',
    port: 20001,
    chaine_connexion: 'postgres://app:********@db.nuage.test:20001/app?sslmode=require',
    sources_autorisees: ['0.0.0.0/0'],
    ouvert_a_tous: true,
    tls: true,
    empreinte_ca: FINGERPRINT,
  },
};

function renderPage(role: 'admin' | 'developer' | 'user', shown: DatabaseResource) {
  const project = buildProject({ role_projet: role });
  const view = renderRoute(<DatabaseDetailRoute />, {
    url: `/database/${shown.id}`,
    path: '/database/:databaseId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/databases/${shown.id}`, { body: shown })
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: project })
    .on('GET', `/deployments/${env.id}/deployments`, { body: [] });
  return view;
}

describe('the public access card', { timeout: 20_000 }, () => {
  it('lets an administrator open it to the addresses listed, each line checked first', async () => {
    const view = renderPage('admin', internal);
    const card = await screen.findByRole('region', { name: new RegExp(t.title) });
    expect(card).toHaveTextContent(t.off);
    const field = await within(card).findByLabelText(t.sources);
    await view.user.type(field, '203.0.113.7{enter}pas-une-ip');
    await view.user.click(within(card).getByRole('button', { name: t.enable }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(t.sourceInvalid('pas-une-ip'));
    expect(view.api.callsTo('PUT', `/databases/${internal.id}/public-access`)).toHaveLength(0);

    view.api.on('PUT', `/databases/${internal.id}/public-access`, { body: published });
    await view.user.clear(field);
    await view.user.type(field, '203.0.113.7{enter}198.51.100.0/24');
    await view.user.click(within(card).getByRole('button', { name: t.enable }));
    await waitFor(() =>
      expect(view.api.callsTo('PUT', `/databases/${internal.id}/public-access`)[0]?.body).toEqual({
        actif: true,
        sources_autorisees: ['203.0.113.7', '198.51.100.0/24'],
      }),
    );
  });

  it('warns before the whole Internet is allowed', async () => {
    const view = renderPage('admin', internal);
    const card = await screen.findByRole('region', { name: new RegExp(t.title) });
    await view.user.type(await within(card).findByLabelText(t.sources), '0.0.0.0/0');
    expect(within(card).getByText(t.openWorldWarning)).toBeInTheDocument();
  });

  it('shows where to connect, TLS and the CA; read-only for a user', async () => {
    renderPage('user', published);
    const card = await screen.findByRole('region', { name: new RegExp(t.title) });
    expect(within(card).getByTestId('public-address')).toHaveTextContent('db.nuage.test:20001');
    expect(within(card).getByTestId('public-connection-string')).toHaveTextContent(
      'postgres://app:********@db.nuage.test:20001/app?sslmode=require',
    );
    expect(card).toHaveTextContent(FINGERPRINT);
    expect(card).toHaveTextContent(t.openWorldWarning);
    expect(within(card).getByRole('button', { name: t.downloadCa })).toBeInTheDocument();
    expect(await within(card).findByText(t.readOnly)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: t.disable })).toBeNull();
    expect(within(card).queryByLabelText(t.sources)).toBeNull();
  });

  it('turns it off after a confirmation', async () => {
    const view = renderPage('admin', published);
    const card = await screen.findByRole('region', { name: new RegExp(t.title) });
    view.api.on('PUT', `/databases/${published.id}/public-access`, { body: internal });
    await view.user.click(await within(card).findByRole('button', { name: t.disable }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(t.disableConfirm);
    await view.user.click(within(dialog).getByRole('button', { name: t.disable }));
    await waitFor(() =>
      expect(view.api.callsTo('PUT', `/databases/${published.id}/public-access`)[0]?.body).toEqual({
        actif: false,
      }),
    );
  });

  it('says when the operator has not enabled it', async () => {
    renderPage('admin', {
      ...internal,
      acces_public: { ...internal.acces_public, disponible: false },
    });
    const card = await screen.findByRole('region', { name: new RegExp(t.title) });
    expect(card).toHaveTextContent(t.unavailable);
    expect(within(card).queryByRole('button', { name: t.enable })).toBeNull();
  });
});
