import { imageWatchTexts as t } from '@nuage/shared/messages/images';
import type { ProjectRole } from '@nuage/shared/roles';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DeploymentDetailRoute from './deployment-detail';
import { buildDetail } from './testing/detail-fixture';

const project = buildProject();
const DIGEST = `sha256:${'4f'.repeat(32)}`;
const ERROR = t.refusedCredentials('ghcr.io');

function imageApp(settings: Partial<NonNullable<DeploymentDetail['image_settings']>> = {}) {
  return buildDetail({
    source_kind: 'image',
    template: 'image',
    template_name: 'Image',
    image_registry_url: 'ghcr.io/acme/api',
    image_tag: '1',
    image_settings: {
      commande: null,
      chemin_sante: null,
      chemin_donnees: '/data',
      registry_credential_id: null,
      redeploiement_auto: true,
      empreinte_en_service: DIGEST,
      derniere_verification: '2025-01-10T09:05:00.000Z',
      erreur_registre: ERROR,
      webhook_registre: false,
      ...settings,
    },
  });
}

function renderImageApp(detail: DeploymentDetail, role: ProjectRole = 'developer') {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', '/deployments/deployment/dep-1', { body: detail })
    .on('GET', `/projects/${project.id}`, { body: buildProject({ role_projet: role }) })
    .on('GET', '/platform', { body: { runtime: 'docker', simulation: false, banner: null } })
    .on('GET', '/deployments/dep-1/env-vars', { body: [] });
  return view;
}

describe('« Nouvelles versions de l’image » on an image application’s page', () => {
  it('shows the version in service, the last check and the registry’s refusal', async () => {
    renderImageApp(imageApp());
    const card = await screen.findByRole('region', { name: t.cardTitle });
    expect(within(card).getByText(`sha256:${'4f'.repeat(6)}…`)).toBeVisible();
    expect(card).toHaveTextContent(ERROR);
    expect(card).toHaveTextContent(t.keepsRunning);
    expect(within(card).getByLabelText(t.optionLabel)).toBeChecked();
  });

  it('turns the option off for a developer and says the version stays', async () => {
    const view = renderImageApp(imageApp());
    // What the server holds: read back after the change.
    let current = imageApp();
    view.api
      .on('GET', '/deployments/deployment/dep-1', () => ({ body: current }))
      .on('PUT', '/deployments/dep-1/image-watch', () => {
        current = imageApp({ redeploiement_auto: false, erreur_registre: null });
        return { body: current };
      });
    const card = await screen.findByRole('region', { name: t.cardTitle });
    const box = within(card).getByLabelText(t.optionLabel);
    await waitFor(() => expect(box).toBeEnabled());
    await view.user.click(box);
    await waitFor(() =>
      expect(view.api.callsTo('PUT', '/deployments/dep-1/image-watch')[0]?.body).toEqual({
        redeploiement_auto: false,
      }),
    );
    expect(box).not.toBeChecked();
    expect(card).toHaveTextContent(t.disabledHint);
  });

  it('shows a new registry webhook URL once, to a developer only', async () => {
    const url = 'https://nuage.exemple.sn/api/v1/webhooks/image/dep-1/jeton-secret';
    const view = renderImageApp(imageApp());
    view.api.on('POST', '/deployments/dep-1/image-watch/hook', { body: { url } });
    const card = await screen.findByRole('region', { name: t.cardTitle });
    await view.user.click(await within(card).findByRole('button', { name: t.hookCreate }));
    expect(await within(card).findByText(url)).toBeVisible();
    expect(card).toHaveTextContent(t.hookShownOnce);
  });

  it('lets a member read it without changing it', async () => {
    renderImageApp(imageApp({ webhook_registre: true }), 'user');
    const card = await screen.findByRole('region', { name: t.cardTitle });
    expect(card).toHaveTextContent(t.hookActive);
    expect(within(card).getByLabelText(t.optionLabel)).toBeDisabled();
    expect(within(card).queryByRole('button', { name: t.hookRenew })).toBeNull();
  });
});
