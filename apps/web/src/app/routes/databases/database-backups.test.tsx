import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDatabase } from '@/test/database-fixtures';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DatabaseDetailRoute from './database-detail';

/**
 * A database's « Sauvegardes » (issue 25 item 5): the application's backups card with a
 * database's words (last good backup, « Sauvegarder maintenant », « Restaurer » into a new
 * database), and the deletion's final backup, on by default.
 */
const env = buildEnvironment();
const database = buildDatabase(env, {
  nom: 'cache',
  moteur: 'redis',
  moteur_libelle: 'Redis',
  version: '7',
  ram_requise: 0.5,
  stockage_requis: 1,
  hote: 'cache',
  port: 6379,
  utilisateur: null,
  base: null,
  chaine_connexion: 'redis://default:********@cache:6379/0',
});
const backups: SauvegardesApplication = {
  sauvegardes: [
    {
      id: 'bk-1',
      application_id: database.id,
      type: 'manual',
      statut: 'success',
      taille_octets: 2 * 1024 * 1024,
      sha256: 'a'.repeat(64),
      copies: [],
      erreur: null,
      date_debut: '2026-11-29T10:00:00.000Z',
      date_fin: '2026-11-29T10:00:05.000Z',
    },
  ],
  restaurations: [],
  planification: {
    actif: true,
    conservation_nombre: 7,
    conservation_jours: 30,
    prochaine_sauvegarde: '2026-11-30T02:00:00.000Z',
    prochaine_restauration_test: '2026-12-06T02:00:00.000Z',
  },
  destination_s3: null,
  destination_manquante: null,
  cibles_restauration: [],
  environnements_restauration: [
    { id: env.id, nom: 'Production', type: 'prod', projet_id: env.projet_id, projet: 'Boutique' },
  ],
};

function renderPage(shown: DatabaseResource = database) {
  const project = buildProject({ role_projet: 'developer' });
  const view = renderRoute(<DatabaseDetailRoute />, {
    url: `/database/${database.id}`,
    path: '/database/:databaseId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/databases/${database.id}`, { body: shown })
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: project })
    .on('GET', `/deployments/${env.id}/deployments`, { body: [] })
    .on('GET', `/deployments/${database.id}/backups`, { body: backups });
  return view;
}

describe('a database page’s backups', { timeout: 20_000 }, () => {
  it('shows the last good backup, backs up now and offers a restore into a new database', async () => {
    const view = renderPage();
    const card = await screen.findByRole('region', { name: 'Sauvegardes' });
    expect(card).toHaveTextContent('Dernière sauvegarde réussie');
    view.api.on('POST', `/deployments/${database.id}/backups`, {
      status: 202,
      body: { message: 'Sauvegarde lancée' },
    });
    await view.user.click(
      await within(card).findByRole('button', { name: 'Sauvegarder maintenant' }),
    );
    await waitFor(() =>
      expect(view.api.callsTo('POST', `/deployments/${database.id}/backups`)).toHaveLength(1),
    );
    await view.user.click(await within(card).findByRole('button', { name: 'Restaurer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restaurer la sauvegarde' });
    const target = within(dialog).getByLabelText('Restaurer dans');
    expect(
      within(target).getByRole('option', { name: 'Cette base de données (cache)' }),
    ).toBeInTheDocument();
    await view.user.selectOptions(target, 'Dans une nouvelle base de données');
    expect(within(dialog).getByLabelText('Nom de la nouvelle base de données')).toHaveValue(
      'cache-copie',
    );
  });

  it('deletes after a final backup by default, or without one when unchecked', async () => {
    const view = renderPage();
    view.api.on('DELETE', `/databases/${database.id}`, {
      status: 202,
      body: { message: 'Suppression en cours.' },
    });
    await view.user.click(await screen.findByRole('button', { name: t.delete }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(t.finalBackup)).toBeChecked();
    await view.user.click(within(dialog).getByRole('button', { name: t.delete }));
    await waitFor(() =>
      expect(view.api.callsTo('DELETE', `/databases/${database.id}`)).toHaveLength(1),
    );
    expect(
      view.api.callsTo('DELETE', `/databases/${database.id}`)[0]!.query.get('sauvegarde_finale'),
    ).toBe('true');
    view.unmount();

    const again = renderPage();
    again.api.on('DELETE', `/databases/${database.id}`, {
      status: 202,
      body: { message: 'Suppression en cours.' },
    });
    await again.user.click(await screen.findByRole('button', { name: t.delete }));
    dialog = await screen.findByRole('dialog');
    await again.user.click(within(dialog).getByLabelText(t.finalBackup));
    await again.user.click(within(dialog).getByRole('button', { name: t.delete }));
    await waitFor(() =>
      expect(again.api.callsTo('DELETE', `/databases/${database.id}`)).toHaveLength(1),
    );
    expect(
      again.api.callsTo('DELETE', `/databases/${database.id}`)[0]!.query.has('sauvegarde_finale'),
    ).toBe(false);
  });

  it('cannot offer a final backup of a stopped database, and says why', async () => {
    const view = renderPage({ ...database, arretee: true, statut_deploiement: 'STOPPED' });
    await screen.findByText('Arrêté');
    await screen.findByRole('region', { name: 'Sauvegardes' });
    await view.user.click(await screen.findByRole('button', { name: t.delete }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(t.finalBackup)).not.toBeChecked();
    expect(within(dialog).getByLabelText(t.finalBackup)).toBeDisabled();
    expect(dialog).toHaveTextContent(t.finalBackupStoppedHint);
  });
});
