import type { SauvegardesApplication } from '@nuage/shared/backup-types';
import { appUpdateErrorTexts, appUpdateTexts } from '@nuage/shared/messages/app-updates';
import type { ProjectRole } from '@nuage/shared/roles';
import type { ApplicationUpdate, MiseAJour } from '@nuage/shared/schemas/responses/app-updates';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import DeploymentDetailRoute from './deployment-detail';
import { buildDetail } from './testing/detail-fixture';

/**
 * « Mise à jour disponible » (issue 30 item 4) on the application page: the versions and notes,
 * « Mettre à jour » behind a confirmation that says a backup comes first, then the progress and
 * the outcome the server reports.
 */
const project = buildProject();
const detailPath = '/deployments/deployment/dep-1';
const updatePath = '/deployments/dep-1/update';

const noBackups: SauvegardesApplication = {
  sauvegardes: [],
  restaurations: [],
  planification: {
    actif: false,
    conservation_nombre: 7,
    conservation_jours: 30,
    prochaine_sauvegarde: null,
    prochaine_restauration_test: null,
  },
  destination_s3: null,
  destination_manquante: null,
  cibles_restauration: [],
  environnements_restauration: [],
};

const offer: MiseAJour = {
  disponible: {
    tag_actuel: '6.3-apache',
    tag_nouveau: '6.4-apache',
    version_actuelle: '6.3',
    version_nouvelle: '6.4',
    notes: 'WordPress 6.4 : thème Twenty Twenty-Four.',
  },
  derniere: null,
};

const run = (over: Partial<ApplicationUpdate>): ApplicationUpdate => ({
  id: 'upd-1',
  tag_depart: '6.3-apache',
  tag_cible: '6.4-apache',
  statut: 'backing_up',
  message: appUpdateTexts.status.backing_up,
  erreur: null,
  sauvegarde_id: 'bak-1',
  debut: new Date().toISOString(),
  fin: null,
  ...over,
});

function renderDetail(opts: { detail: DeploymentDetail; role?: ProjectRole }) {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', detailPath, { body: opts.detail })
    .on('GET', `/projects/${project.id}`, {
      body: buildProject({ role_projet: opts.role ?? 'developer' }),
    })
    .on('GET', '/platform', { body: { runtime: 'simulation', simulation: true, banner: null } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: { application_id: 'dep-1', available: false, message: null, pods: [] },
    })
    .on('GET', `${detailPath}/logs`, { body: { logs: '' } })
    .on('GET', '/deployments/dep-1/backups', { body: noBackups });
  return view;
}

const updateButton = () => screen.findByRole('button', { name: appUpdateTexts.button });

describe('/deployment/{id}: an announced update', () => {
  it('shows the versions and the notes, and asks before updating, saying a backup comes first', async () => {
    const { api, user } = renderDetail({ detail: buildDetail({ mise_a_jour: offer }) });
    expect(await screen.findByText('Mise à jour disponible : 6.3 → 6.4')).toBeVisible();
    expect(screen.getByText(offer.disponible!.notes)).toBeVisible();
    api.on('POST', updatePath, {
      status: 202,
      body: { message: appUpdateTexts.started, mise_a_jour: run({}) },
    });
    await user.click(await updateButton());
    const dialog = await screen.findByRole('dialog', {
      name: appUpdateTexts.dialogTitle('boutique'),
    });
    expect(within(dialog).getByText(appUpdateTexts.dialogBackup)).toBeVisible();
    expect(within(dialog).getByText(appUpdateTexts.dialogRollback('6.3-apache'))).toBeVisible();
    // Nothing is sent until the user confirms.
    expect(api.callsTo('POST', updatePath)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: appUpdateTexts.confirm }));
    await expectToast(appUpdateTexts.started);
    expect(api.callsTo('POST', updatePath)).toHaveLength(1);
  });

  it("shows the server's refusal in French", async () => {
    const { api, user } = renderDetail({ detail: buildDetail({ mise_a_jour: offer }) });
    api.on('POST', updatePath, { status: 409, body: { detail: appUpdateErrorTexts.busy } });
    await user.click(await updateButton());
    await user.click(await screen.findByRole('button', { name: appUpdateTexts.confirm }));
    await expectToast(appUpdateErrorTexts.busy);
  });

  it('offers no button to the viewer role', async () => {
    const { api } = renderDetail({ detail: buildDetail({ mise_a_jour: offer }), role: 'user' });
    expect(await screen.findByText('Mise à jour disponible : 6.3 → 6.4')).toBeVisible();
    await waitFor(() => expect(api.callsTo('GET', `/projects/${project.id}`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('button', { name: appUpdateTexts.button })).not.toBeInTheDocument();
  });

  it('shows the progress while it runs, without offering it again', async () => {
    renderDetail({
      detail: buildDetail({
        mise_a_jour: {
          disponible: null,
          derniere: run({
            statut: 'rolling_out',
            message: appUpdateTexts.status.rolling_out('6.4-apache'),
          }),
        },
      }),
    });
    const status = await screen.findByText(appUpdateTexts.status.rolling_out('6.4-apache'));
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: appUpdateTexts.button })).not.toBeInTheDocument();
  });

  it('says the new version was rolled back, and why, and offers the update again', async () => {
    const reason = 'le contrôle de santé ne répond pas (HTTP 500)';
    renderDetail({
      detail: buildDetail({
        mise_a_jour: {
          ...offer,
          derniere: run({
            statut: 'rolled_back',
            message: appUpdateTexts.status.rolled_back('6.3-apache', '6.4-apache'),
            erreur: reason,
            fin: new Date().toISOString(),
          }),
        },
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText(appUpdateTexts.status.rolled_back('6.3-apache', '6.4-apache')),
    ).toBeVisible();
    expect(within(alert).getByText(`${appUpdateTexts.reason} : ${reason}`)).toBeVisible();
    expect(await updateButton()).toBeEnabled();
  });
});
