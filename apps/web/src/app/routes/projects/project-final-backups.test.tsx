import type { Project } from '@nuage/shared/api-types';
import { finalBackupTexts as t } from '@nuage/shared/messages/final-backups';
import type { FinalBackup } from '@nuage/shared/schemas/responses/final-backups';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDatabase } from '@/test/database-fixtures';
import { buildEnvironment, buildMember, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import ProjectDetailRoute from './project-detail';

/** The project page's « Sauvegardes finales des bases supprimées » card (issue 25). */
const admin = buildProject();
const base = `/projects/${admin.id}`;
const path = `${base}/final-backups`;
const prod = buildEnvironment({ projet_id: admin.id });
const staging = buildEnvironment({
  id: '9a9a9a9a-0000-4000-8000-00000000000a',
  nom: 'recette',
  type: 'staging',
  projet_id: admin.id,
});
const kept: FinalBackup = {
  id: 'f1f1f1f1-0000-4000-8000-0000000000f1',
  nom: 'commandes',
  moteur: 'postgresql',
  version: '16',
  cpu: 0.5,
  ram: 0.5,
  stockage: 1,
  environnement_id: prod.id,
  environnement_nom: 'production',
  taille_octets: 3 * 1024 * 1024,
  sha256: 'b'.repeat(64),
  copies: [{ type: 'local', emplacement: 'serveur', statut: 'success', erreur: null }],
  date_sauvegarde: '2026-11-29T10:00:00.000Z',
  date_suppression: '2026-11-29T10:00:06.000Z',
};

function renderPage(project: Project, list: FinalBackup[]) {
  const view = renderRoute(<ProjectDetailRoute />, {
    url: base,
    path: '/projects/:projectId',
    user: buildUser(),
  });
  view.api
    .on('GET', base, { body: project })
    .on('GET', `${base}/members`, { body: [buildMember({ role_projet: project.role_projet })] })
    .on('GET', `${base}/invitations`, { body: [] })
    .on('GET', `/environments/${admin.id}/environments`, { body: [prod, staging] })
    .on('GET', path, { body: list });
  return view;
}
const card = () => screen.findByRole('region', { name: t.title });

describe('project page: final backups of deleted databases', () => {
  it('shows nothing when no final backup is kept', async () => {
    const { api } = renderPage(admin, []);
    await screen.findByRole('heading', { name: admin.nom });
    await waitFor(() => expect(api.callsTo('GET', path)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: t.title })).toBeNull();
  });

  it('lists one for a member, without any action', async () => {
    renderPage(buildProject({ role_projet: 'user' }), [kept]);
    const row = await within(await card()).findByRole('listitem', { name: 'commandes' });
    expect(row).toHaveTextContent('PostgreSQL 16');
    expect(row).toHaveTextContent('Environnement d’origine : production');
    expect(row).toHaveTextContent('3 Mo');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('restores it into a new database of the chosen environment, and goes there', async () => {
    const { api, user, router } = renderPage(buildProject({ role_projet: 'developer' }), [kept]);
    const row = await within(await card()).findByRole('listitem', { name: 'commandes' });
    expect(within(row).queryByRole('button', { name: /Supprimer/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: t.restore }));
    const dialog = screen.getByRole('dialog', { name: t.restoreTitle });
    expect(within(dialog).getByLabelText(t.environment)).toHaveValue(prod.id);
    await user.selectOptions(within(dialog).getByLabelText(t.environment), staging.id);
    const name = within(dialog).getByLabelText(t.name);
    expect(name).toHaveValue('commandes-restauree');
    await user.clear(name);
    await user.type(name, 'commandes-recette');
    const created = buildDatabase(staging, { nom: 'commandes-recette' });
    api.on('POST', `${path}/${kept.id}/restore`, {
      status: 202,
      body: { message: t.restoreStarted, restauration: {}, base_de_donnees: created },
    });
    await user.click(within(dialog).getByRole('button', { name: t.restoreSubmit }));
    await expectToast(t.restoreStarted);
    expect(api.callsTo('POST', `${path}/${kept.id}/restore`)[0]!.body).toEqual({
      environment_id: staging.id,
      nom: 'commandes-recette',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/database/${created.id}`));
  });

  it('keeps the dialog open with the API’s French reason when the name is refused', async () => {
    const { api, user } = renderPage(buildProject({ role_projet: 'developer' }), [kept]);
    const row = await within(await card()).findByRole('listitem', { name: 'commandes' });
    await user.click(within(row).getByRole('button', { name: t.restore }));
    const dialog = screen.getByRole('dialog', { name: t.restoreTitle });
    const refusal = 'Une base de données ou une application porte déjà ce nom';
    api.on('POST', `${path}/${kept.id}/restore`, { status: 409, body: { detail: refusal } });
    await user.click(within(dialog).getByRole('button', { name: t.restoreSubmit }));
    expect(await within(dialog).findByText(refusal)).toBeVisible();
  });

  it('lets an administrator delete it for good after confirming', async () => {
    const { api, user } = renderPage(admin, [kept]);
    const row = await within(await card()).findByRole('listitem', { name: 'commandes' });
    await user.click(
      within(row).getByRole('button', { name: 'Supprimer la sauvegarde finale de commandes' }),
    );
    const dialog = screen.getByRole('dialog', { name: t.removeTitle });
    expect(dialog).toHaveTextContent(t.removeConfirm('commandes'));
    api.on('DELETE', `${path}/${kept.id}`, () => {
      api.on('GET', path, { body: [] });
      return { status: 204, body: null };
    });
    await user.click(within(dialog).getByRole('button', { name: t.remove }));
    await expectToast(t.removed);
    await waitFor(() => expect(screen.queryByRole('region', { name: t.title })).toBeNull());
  });
});
