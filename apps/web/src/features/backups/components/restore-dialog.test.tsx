import type { Sauvegarde, SauvegardesApplication } from '@nuage/shared/backup-types';
import { quotaTexts } from '@nuage/shared/messages';
import { backupTexts } from '@nuage/shared/schemas/backups';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import { RestoreDialog } from './restore-dialog';

const backup: Sauvegarde = {
  id: 'bk-1',
  application_id: 'dep-1',
  type: 'manual',
  statut: 'success',
  taille_octets: 1_048_576,
  sha256: 'a'.repeat(64),
  copies: [],
  erreur: null,
  date_debut: '2025-01-10T02:00:00.000Z',
  date_fin: '2025-01-10T02:01:00.000Z',
};

const data: SauvegardesApplication = {
  sauvegardes: [backup],
  restaurations: [],
  planification: {
    actif: true,
    conservation_nombre: 7,
    conservation_jours: 30,
    prochaine_sauvegarde: null,
    prochaine_restauration_test: null,
  },
  destination_s3: null,
  destination_manquante: null,
  cibles_restauration: [],
  environnements_restauration: [
    { id: 'env-prod', nom: 'Production', type: 'prod', projet_id: 'p-1', projet: 'Boutique' },
    { id: 'env-rec', nom: 'Recette', type: 'staging', projet_id: 'p-1', projet: 'Boutique' },
    { id: 'env-dkr', nom: 'Recette', type: 'staging', projet_id: 'p-2', projet: 'Filiale Dakar' },
  ],
};

const RESTORE = '/deployments/dep-1/backups/bk-1/restore';

function renderDialog(newTarget = true) {
  const view = renderRoute(
    <RestoreDialog
      deploymentId="dep-1"
      applicationName="Boutique"
      data={data}
      backup={backup}
      onClose={() => undefined}
      newTarget={newTarget}
    />,
    { url: '/deployment/dep-1/sauvegardes', user: buildUser() },
  );
  return view;
}

async function chooseNewApplication(user: ReturnType<typeof renderDialog>['user']) {
  const dialog = await screen.findByRole('dialog', { name: 'Restaurer la sauvegarde' });
  await user.selectOptions(
    within(dialog).getByLabelText('Restaurer dans'),
    'Dans une nouvelle application',
  );
  return dialog;
}

describe('RestoreDialog, « Dans une nouvelle application »', () => {
  it('offers the environments of every project where the user may deploy, grouped by project', async () => {
    const { api, user } = renderDialog();
    api.on('POST', RESTORE, {
      status: 202,
      body: { message: 'Restauration lancée', application: { id: 'dep-new' } },
    });
    const dialog = await chooseNewApplication(user);
    const select = within(dialog).getByLabelText('Environnement');
    const groups = within(select).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual([
      'Projet Boutique',
      'Projet Filiale Dakar',
    ]);
    expect(
      within(groups[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Recette']);
    // Same environment name in two projects: the one of the other project is the one sent.
    await user.selectOptions(select, within(groups[1]!).getByRole('option', { name: 'Recette' }));
    const name = within(dialog).getByLabelText('Nom de la nouvelle application');
    await user.clear(name);
    await user.type(name, 'Boutique Dakar');
    expect(dialog).toHaveTextContent('Elle restera arrêtée');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));

    await expectToast('Restauration lancée');
    expect(api.callsTo('POST', RESTORE)[0]?.body).toEqual({
      confirmation: true,
      nouvelle_application: { environment_id: 'env-dkr', nom: 'Boutique Dakar' },
    });
    // The user is taken to the new application.
    expect(await screen.findByRole('heading', { name: 'Page /deployment/dep-new' })).toBeVisible();
  });

  it('drops « Sélectionnez l’environnement… » as soon as one is chosen', async () => {
    const { api, user } = renderDialog();
    const dialog = await chooseNewApplication(user);
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    expect(dialog).toHaveTextContent(backupTexts.environmentRequired);
    expect(api.callsTo('POST', RESTORE)).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Environnement'), 'env-prod');
    expect(dialog).not.toHaveTextContent(backupTexts.environmentRequired);
    const name = within(dialog).getByLabelText('Nom de la nouvelle application');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    expect(dialog).toHaveTextContent(deployMessages.nameRequired);
    await user.type(name, 'Copie');
    expect(dialog).not.toHaveTextContent(deployMessages.nameRequired);
  });

  it("opens « Quota insuffisant » when the target project's quota refuses it", async () => {
    const { api, user } = renderDialog();
    api.on('POST', RESTORE, {
      status: 400,
      body: {
        detail: {
          message: 'Ressources du projet insuffisantes pour cette application.',
          quota_exceeded: ['CPU: 0.5 demandé, 0.1 disponible'],
          recommendations: [],
          quota_details: { quota_cpu: 0.2, used_cpu: 0.1 },
        },
      },
    });
    const dialog = await chooseNewApplication(user);
    await user.selectOptions(within(dialog).getByLabelText('Environnement'), 'env-dkr');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));

    const modal = await screen.findByRole('dialog', { name: quotaTexts.title });
    expect(modal).toHaveTextContent('Ressources du projet insuffisantes pour cette application.');
    expect(modal).toHaveTextContent('CPU: 0.5 demandé, 0.1 disponible');
    // The footer's « Fermer » (the corner cross is named the same).
    await user.click(within(modal).getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    // The restore dialog is still there, to pick another environment.
    expect(screen.getByRole('dialog', { name: 'Restaurer la sauvegarde' })).toBeVisible();
  });

  it('says in a toast why any other refusal happened', async () => {
    const { api, user } = renderDialog();
    api.on('POST', RESTORE, {
      status: 409,
      body: { detail: 'Une application porte déjà ce nom dans cet environnement' },
    });
    const dialog = await chooseNewApplication(user);
    await user.selectOptions(within(dialog).getByLabelText('Environnement'), 'env-rec');
    await user.click(within(dialog).getByRole('button', { name: 'Restaurer' }));
    await expectToast('Une application porte déjà ce nom dans cet environnement');
    expect(screen.queryByRole('dialog', { name: quotaTexts.title })).not.toBeInTheDocument();
  });
});

describe('RestoreDialog of a Compose application', () => {
  it('does not offer « Dans une nouvelle application »: its backups hold volumes, not the file', async () => {
    renderDialog(false);
    const dialog = await screen.findByRole('dialog', { name: 'Restaurer la sauvegarde' });
    const options = within(within(dialog).getByLabelText('Restaurer dans')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).not.toContain('Dans une nouvelle application');
    expect(options).toHaveLength(1);
  });
});
