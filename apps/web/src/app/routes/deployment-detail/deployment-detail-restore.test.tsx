import type { AlerteRestauration, SauvegardesApplication } from '@nuage/shared/backup-types';
import { backupTexts } from '@nuage/shared/schemas/backups';
import type { ProjectRole } from '@nuage/shared/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import DeploymentDetailRoute from './deployment-detail';
import { buildDetail } from './testing/detail-fixture';

/**
 * An application created to receive a restore (« Dans une nouvelle application ») whose restore
 * failed: its page says why and offers « Réessayer la restauration » to those who may deploy.
 */
const project = buildProject();
const detailPath = '/deployments/deployment/dep-1';
const retryPath = '/deployments/dep-1/restore/retry';
const reason = 'La somme de contrôle de la sauvegarde ne correspond plus : fichier altéré.';

const failed: AlerteRestauration = {
  statut: 'failed',
  message: backupTexts.holdFailed('Boutique', reason),
  restauration_id: 'rest-1',
  sauvegarde_id: 'bak-1',
  sauvegarde_date: '2025-01-09T02:00:00.000Z',
  application_source: 'Boutique',
  erreur: reason,
  date: '2025-01-10T09:03:00.000Z',
  reessayable: true,
};

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

const heldDetail = (alert: AlerteRestauration | null) =>
  buildDetail({ statut_deploiement: 'DEPLOYING', pods_status: [], alerte_restauration: alert });

describe('/deployment/{id}: a failed restore into a new application', () => {
  it('says what failed, which backup and when, and what can be done', async () => {
    renderDetail({ detail: heldDetail(failed) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Restauration échouée')).toBeVisible();
    expect(within(alert).getByText(failed.message)).toBeVisible();
    expect(
      within(alert).getByText(
        /^Sauvegarde du 9 janvier 2025 .* de « Boutique » · échec le 10 janvier 2025/,
      ),
    ).toBeVisible();
    expect(within(alert).getByText(backupTexts.holdAdvice)).toBeVisible();
    expect(
      await within(alert).findByRole('button', { name: /Réessayer la restauration/ }),
    ).toBeEnabled();
  });

  it('retries on click, says so, and reads the application again', async () => {
    const { api, user } = renderDetail({ detail: heldDetail(failed) });
    api.on('POST', retryPath, {
      status: 202,
      body: { message: backupTexts.retryStarted, restauration: { id: 'rest-2' } },
    });
    const before = api.callsTo('GET', detailPath).length;
    const alert = await screen.findByRole('alert');
    await user.click(
      await within(alert).findByRole('button', { name: /Réessayer la restauration/ }),
    );
    await expectToast(backupTexts.retryStarted);
    expect(api.callsTo('POST', retryPath)).toHaveLength(1);
    await waitFor(() => expect(api.callsTo('GET', detailPath).length).toBeGreaterThan(before));
  });

  it("shows the server's refusal when a restore already runs", async () => {
    const { api, user } = renderDetail({ detail: heldDetail(failed) });
    api.on('POST', retryPath, { status: 409, body: { detail: backupTexts.restoreAlreadyRunning } });
    const alert = await screen.findByRole('alert');
    await user.click(
      await within(alert).findByRole('button', { name: /Réessayer la restauration/ }),
    );
    await expectToast(backupTexts.restoreAlreadyRunning);
  });

  it("explains but offers no retry to the 'user' role", async () => {
    const { api } = renderDetail({ detail: heldDetail(failed), role: 'user' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(failed.message)).toBeVisible();
    // The project's role is read after the detail: let its answer arrive first.
    await waitFor(() => expect(api.callsTo('GET', `/projects/${project.id}`)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 100));
    expect(
      within(alert).queryByRole('button', { name: /Réessayer la restauration/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says a restore is under way, without a retry, while it runs', async () => {
    renderDetail({
      detail: heldDetail({
        ...failed,
        statut: 'running',
        message: backupTexts.holdRunning('Boutique'),
        erreur: null,
        reessayable: false,
      }),
    });
    const status = await screen.findByText(backupTexts.holdRunning('Boutique'));
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(
      screen.queryByRole('button', { name: /Réessayer la restauration/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Restauration échouée')).not.toBeInTheDocument();
  });

  it('shows nothing of the kind for an application that is not held', async () => {
    renderDetail({ detail: buildDetail({ alerte_restauration: null }) });
    await screen.findByRole('heading', { level: 1, name: 'boutique' });
    expect(screen.queryByText(/Restauration (échouée|en cours)/)).not.toBeInTheDocument();
  });
});
