import type { Deployment } from '@nuage/shared/api-types';
import { deploySuccess } from '@nuage/shared/messages';
import { imageDeployTexts as t, imageWatchTexts } from '@nuage/shared/messages/images';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDeployment } from '@/test/deployment-fixture';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import EnvironmentAppsRoute from './environment-apps';

/** The inline form's IMAGE type (issue 30): any container image, its fields and errors. */
const project = buildProject();
const env = buildEnvironment();
const imagePath = `/deployments/${env.id}/deploy/image`;
const CREDENTIAL = '5c5c5c5c-0000-4000-8000-00000000005c';

function renderPage() {
  const view = renderRoute(<EnvironmentAppsRoute />, {
    url: `/deployments/${env.id}`,
    path: '/deployments/:environmentId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/environments/${env.id}`, { body: env })
    .on('GET', `/projects/${project.id}`, { body: project })
    .on('GET', `/deployments/${env.id}/deployments`, { body: [] })
    .on('GET', `/environments/${env.id}/databases`, { body: [] })
    .on('GET', `/projects/${project.id}/registry-credentials`, {
      body: [
        {
          id: CREDENTIAL,
          registre: 'ghcr.io',
          utilisateur: 'acme-bot',
          created_at: '2026-11-01T09:00:00.000Z',
          last_used_at: null,
        },
      ],
    });
  return view;
}

async function chooseImage(view: ReturnType<typeof renderPage>) {
  await view.user.click(await screen.findByRole('button', { name: /Déploiement rapide/ }));
  const form = screen.getByRole('form', { name: 'Déploiement rapide' });
  await view.user.selectOptions(within(form).getByLabelText('Type'), 'IMAGE');
  return form;
}

describe('inline deploy form, IMAGE (issue 30)', { timeout: 20_000 }, () => {
  it('says each wrong field in French at the field and sends nothing', async () => {
    const view = renderPage();
    const form = await chooseImage(view);
    const f = (label: string) => within(form).getByLabelText(label);
    await view.user.type(f("Nom de l'application"), 'api');
    await view.user.type(f('Image'), 'https://ghcr.io/Acme/API');
    await view.user.clear(f('Port du conteneur'));
    await view.user.type(f('Commande (optionnelle)'), 'node "server.js');
    await view.user.type(f('Vérification HTTP (optionnelle)'), 'healthz');
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    expect(f('Image')).toHaveAccessibleDescription(expect.stringContaining(t.imageInvalid));
    expect(f('Port du conteneur')).toHaveAccessibleDescription(
      expect.stringContaining(t.portRequired),
    );
    expect(f('Commande (optionnelle)')).toHaveAccessibleDescription(
      expect.stringContaining(t.commandQuote),
    );
    expect(f('Vérification HTTP (optionnelle)')).toHaveAccessibleDescription(
      expect.stringContaining(t.healthPathInvalid),
    );
    expect(view.api.callsTo('POST', imagePath)).toHaveLength(0);
  });

  it('sends deploy/image with the command split, a secret variable and the chosen credentials', async () => {
    const view = renderPage();
    view.api.on('POST', imagePath, (req) => ({
      status: 201,
      body: buildDeployment({ id: 'd-img', nom: (req.body as { nom: string }).nom }) as Deployment,
    }));
    const form = await chooseImage(view);
    const f = (label: string) => within(form).getByLabelText(label);
    expect(within(form).queryByLabelText('Image Docker')).toBeNull();
    await view.user.type(f("Nom de l'application"), 'api');
    await view.user.type(f('Image'), 'ghcr.io/acme/api:1.4');
    await view.user.type(f('Commande (optionnelle)'), 'node server.js --titre "Ma boutique"');
    await view.user.type(f('Vérification HTTP (optionnelle)'), '/healthz');
    await view.user.selectOptions(f('Identifiants du registre'), 'acme-bot @ ghcr.io');
    await view.user.click(f(imageWatchTexts.optionLabel));
    await view.user.click(within(form).getByRole('button', { name: 'Ajouter une variable' }));
    const rows = within(form).getByRole('list', { name: "Variables d'environnement" });
    await view.user.type(within(rows).getByPlaceholderText('API_KEY'), 'API_KEY');
    await view.user.type(within(rows).getByLabelText(/Valeur/), 'cle-secrete');
    await view.user.click(within(rows).getByRole('checkbox'));
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    await expectToast(deploySuccess.inlineDeployed);
    expect(view.api.callsTo('POST', imagePath)[0]!.body).toEqual({
      nom: 'api',
      image: 'ghcr.io/acme/api:1.4',
      port: 8080,
      commande: ['node', 'server.js', '--titre', 'Ma boutique'],
      env_vars: [{ name: 'API_KEY', value: 'cle-secrete', secret: true }],
      cpu: 0.5,
      ram: 1,
      replicas: 1,
      chemin_sante: '/healthz',
      registry_credential_id: CREDENTIAL,
      redeploiement_auto: true,
      certificat_tls_id: null,
      nom_domaine: null,
    });
  });

  it("shows the server's refusal of the credentials at their field, not in a toast", async () => {
    const view = renderPage();
    const refusal = t.credentialOtherRegistry('ghcr.io', 'docker.io');
    view.api.on('POST', imagePath, {
      status: 422,
      body: {
        detail: [{ loc: ['body', 'registry_credential_id'], msg: refusal, type: 'registry' }],
      },
    });
    const form = await chooseImage(view);
    const f = (label: string) => within(form).getByLabelText(label);
    await view.user.type(f("Nom de l'application"), 'api');
    await view.user.type(f('Image'), 'nginx:1.27');
    await view.user.selectOptions(f('Identifiants du registre'), 'acme-bot @ ghcr.io');
    await view.user.click(within(form).getByRole('button', { name: 'Déployer' }));
    await waitFor(() =>
      expect(f('Identifiants du registre')).toHaveAccessibleDescription(
        expect.stringContaining(refusal),
      ),
    );
    expect(toastTexts()).toEqual([]);
  });
});
