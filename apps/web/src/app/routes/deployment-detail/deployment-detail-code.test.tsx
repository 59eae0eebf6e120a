import type { ProjectRole } from '@nuage/shared/roles';
import { previewWebTexts } from '@nuage/shared/messages/previews';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnvVarInput } from '@/lib/deploy-code';
import { buildBuild } from '@/test/build-fixtures';
import { buildPreviews } from '@/test/preview-fixtures';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { createSseFeed } from '@/test/sse-feed';
import { expectToast } from '@/test/toasts';
import DeploymentDetailRoute from './deployment-detail';
import {
  buildCodeDetail,
  codeBuilds,
  codeEnvVars,
  codeReleases,
  REPO,
} from './testing/code-app-fixture';

const project = buildProject();
const WEBHOOK_URL = 'https://nuage.exemple.sn/api/v1/webhooks/git/dep-1';

function renderCodeApp({ role = 'developer' }: { role?: ProjectRole } = {}) {
  const live = createSseFeed();
  const kept = createSseFeed();
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', '/deployments/deployment/dep-1', { body: buildCodeDetail() })
    .on('GET', `/projects/${project.id}`, { body: buildProject({ role_projet: role }) })
    .on('GET', '/platform', { body: { runtime: 'docker', simulation: false, banner: null } })
    .on('GET', '/deployments/deployment/dep-1/logs', { body: { logs: '' } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: { application_id: 'dep-1', available: false, message: null, pods: [] },
    })
    .on('GET', '/deployments/dep-1/builds', { body: { builds: codeBuilds, total: 3 } })
    .on('GET', '/deployments/dep-1/releases', { body: codeReleases })
    .on('GET', '/deployments/dep-1/promotion-targets', { body: [] })
    .on('GET', '/deployments/dep-1/env-vars', { body: codeEnvVars })
    .on('GET', '/deployments/dep-1/webhook', {
      body: { url: WEBHOOK_URL, has_secret: false, providers: ['github', 'gitlab', 'gitea'] },
    })
    .on('GET', '/builds/b3/logs', { stream: live.stream })
    .on('GET', '/builds/b2/logs', { stream: kept.stream });
  return { ...view, live, kept };
}

const region = (name: string) => screen.findByRole('region', { name });

describe('/deployment/{id} of a code application (issue 13)', { timeout: 20_000 }, () => {
  it('shows the source and follows the running build live; finished builds open their kept log', async () => {
    const view = renderCodeApp();
    const source = await region('Source');
    expect(within(source).getByRole('link', { name: REPO })).toHaveAttribute('href', REPO);
    expect(source).toHaveTextContent('main');
    expect(source).toHaveTextContent('Version 2');
    // Template-only cards are not shown, and there is nothing to back up.
    expect(screen.queryByRole('region', { name: /Accès administrateur/ })).toBeNull();
    expect(view.api.callsTo('GET', '/deployments/dep-1/backups')).toHaveLength(0);

    const builds = await region('Builds');
    const running = within(builds).getByRole('listitem', { name: 'Build n° 3' });
    expect(running).toHaveTextContent('Push (webhook)');
    expect(running).toHaveTextContent('c3c3c3c');
    view.live.log(1, 'Step 3/7 : RUN npm ci');
    expect(await within(running).findByText('Step 3/7 : RUN npm ci')).toBeInTheDocument();

    const failed = within(builds).getByRole('listitem', { name: 'Build n° 1' });
    // The words of SPEC §4 and of the built-images list, in red.
    expect(within(failed).getByText('Échoué')).toHaveClass('bg-red-100');
    expect(failed).toHaveTextContent('La commande « npm run build » a échoué (code 1).');
    const done = within(builds).getByRole('listitem', { name: 'Build n° 2' });
    expect(view.api.callsTo('GET', '/builds/b2/logs')).toHaveLength(0);
    await view.user.click(
      within(done).getByRole('button', { name: 'Afficher le journal du build' }),
    );
    view.kept.log(1, 'Image construite : sha256:9b1f0c3e');
    view.kept.end(buildBuild({ build_id: 'b2', numero: 2, status: 'success' }));
    expect(await within(done).findByText('Image construite : sha256:9b1f0c3e')).toBeInTheDocument();
    expect(
      within(done).getByRole('button', { name: 'Masquer le journal du build' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('« Redéployer » queues a build of the branch head', async () => {
    const view = renderCodeApp();
    view.api.on('POST', '/deployments/dep-1/redeploy', { status: 202, body: { build_id: 'b4' } });
    const source = await region('Source');
    await view.user.click(await within(source).findByRole('button', { name: 'Redéployer' }));
    await expectToast('Redéploiement lancé : un nouveau build est en file d’attente.');
    expect(view.api.callsTo('POST', '/deployments/dep-1/redeploy')).toHaveLength(1);
  });

  it('rolls back to an older release after saying databases and volumes are not restored', async () => {
    const view = renderCodeApp();
    view.api.on('POST', '/deployments/dep-1/releases/rel-1/rollback', {
      status: 202,
      body: { message: 'Retour à la version 1 lancé.' },
    });
    const releases = await region('Versions');
    const current = await within(releases).findByRole('listitem', { name: 'Version 2' });
    expect(current).toHaveTextContent('Version en ligne');
    expect(within(current).queryByRole('button', { name: 'Revenir à cette version' })).toBeNull();
    const older = within(releases).getByRole('listitem', { name: 'Version 1' });
    expect(older).toHaveTextContent('port 3000');
    await view.user.click(
      await within(older).findByRole('button', { name: 'Revenir à cette version' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Revenir à une version précédente' });
    expect(dialog).toHaveTextContent('Les bases de données et les volumes ne sont pas restaurés.');
    expect(view.api.callsTo('POST', '/deployments/dep-1/releases/rel-1/rollback')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Revenir à cette version' }));
    await expectToast('Retour à la version 1 lancé.');
    expect(view.api.callsTo('POST', '/deployments/dep-1/releases/rel-1/rollback')).toHaveLength(1);
  });

  it('promotes a release to the same repository’s application in production, production first', async () => {
    const view = renderCodeApp();
    const target = (id: string, env: string, type: string) => ({
      deployment_id: id,
      nom: 'api',
      environnement_id: `env-${id}`,
      environnement_nom: env,
      environnement_type: type,
    });
    view.api
      .on('GET', '/deployments/dep-1/promotion-targets', {
        body: [target('dep-7', 'Recette 2', 'staging'), target('dep-9', 'Production', 'prod')],
      })
      .on('POST', '/deployments/dep-1/releases/rel-2/promote', {
        status: 202,
        body: { message: 'Promotion demandée : la version 2 sera mise en service.' },
      });
    const current = await within(await region('Versions')).findByRole('listitem', {
      name: 'Version 2',
    });
    await view.user.click(await within(current).findByRole('button', { name: 'Promouvoir' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Promouvoir cette version vers un autre environnement',
    });
    expect(within(dialog).getByRole('radio', { name: /Production/ })).toBeChecked();
    await view.user.click(within(dialog).getByRole('radio', { name: /Recette 2/ }));
    await view.user.click(
      within(dialog).getByRole('button', { name: 'Promouvoir vers Recette 2' }),
    );
    await expectToast('Promotion demandée : la version 2 sera mise en service.');
    expect(view.api.callsTo('POST', '/deployments/dep-1/releases/rel-2/promote')).toEqual([
      expect.objectContaining({ body: { deployment_id: 'dep-7' } }),
    ]);
  });

  it('never shows a secret value; saving keeps it unless a new one is typed', async () => {
    const view = renderCodeApp();
    view.api.on('PUT', '/deployments/dep-1/env-vars', (req) => ({
      body: (req.body as EnvVarInput[]).map((v) => ({
        name: v.name,
        value: v.secret ? null : (v.value ?? ''),
        secret: v.secret,
      })),
    }));
    const card = await region("Variables d'environnement");
    const secret = await within(card).findByLabelText('Valeur de la variable 2');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('placeholder', 'laisser vide pour conserver');
    expect(within(card).getByLabelText('Valeur de la variable 1')).toHaveValue('production');

    await view.user.click(within(card).getByRole('button', { name: 'Ajouter une variable' }));
    await view.user.type(within(card).getByLabelText('Nom de la variable 3'), 'mauvais nom');
    await view.user.click(within(card).getByRole('button', { name: 'Enregistrer et redéployer' }));
    expect(await within(card).findByText('Nom de variable invalide')).toBeInTheDocument();
    expect(view.api.callsTo('PUT', '/deployments/dep-1/env-vars')).toHaveLength(0);

    await view.user.clear(within(card).getByLabelText('Nom de la variable 3'));
    await view.user.type(within(card).getByLabelText('Nom de la variable 3'), 'LOG_LEVEL');
    await view.user.type(within(card).getByLabelText('Valeur de la variable 3'), 'info');
    await view.user.click(within(card).getByRole('button', { name: 'Enregistrer et redéployer' }));
    await expectToast(
      'Variables enregistrées : une nouvelle version est déployée avec la même image.',
    );
    expect(view.api.callsTo('PUT', '/deployments/dep-1/env-vars')[0]!.body).toEqual([
      { name: 'NODE_ENV', value: 'production', secret: false },
      { name: 'STRIPE_KEY', secret: true },
      { name: 'LOG_LEVEL', value: 'info', secret: false },
    ]);
  });

  it('keeps unsaved edits when the list is read again unchanged (back to the tab)', async () => {
    const view = renderCodeApp();
    const card = await region("Variables d'environnement");
    const value = await within(card).findByLabelText('Valeur de la variable 1');
    await view.user.clear(value);
    await view.user.type(value, 'staging');
    await view.queryClient.refetchQueries({ queryKey: ['env-vars', 'dep-1'] });
    expect(view.api.callsTo('GET', '/deployments/dep-1/env-vars')).toHaveLength(2);
    // Let the answer reach the screen (the query's observers are told on the next tick).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(card).getByLabelText('Valeur de la variable 1')).toHaveValue('staging');
  });

  it('generates the webhook secret and shows it once, with GitHub, GitLab and Gitea instructions', async () => {
    const view = renderCodeApp();
    view.api.on('POST', '/deployments/dep-1/webhook/secret', {
      body: { url: WEBHOOK_URL, secret: 'whsec_4f9a2c' },
    });
    const card = await region('Déploiement automatique (webhook)');
    expect(await within(card).findByText(WEBHOOK_URL)).toBeInTheDocument();
    expect(card).toHaveTextContent('Content type : application/json');
    expect(card).toHaveTextContent('Just the push event');
    await view.user.click(within(card).getByRole('tab', { name: 'GitLab' }));
    expect(card).toHaveTextContent('Secret token : le secret généré');
    expect(card).toHaveTextContent('Push events');

    await view.user.click(within(card).getByRole('button', { name: 'Générer un secret' }));
    expect(await within(card).findByLabelText('Secret du webhook')).toHaveTextContent(
      'whsec_4f9a2c',
    );
    expect(card).toHaveTextContent('il ne sera plus jamais affiché');
    expect(within(card).getByRole('button', { name: 'Copier le secret du webhook' })).toBeVisible();
    // Generating again replaces the secret: it asks first.
    await view.user.click(within(card).getByRole('button', { name: 'Régénérer le secret' }));
    expect(await screen.findByRole('dialog', { name: 'Régénérer le secret' })).toHaveTextContent(
      "L'ancien secret cessera aussitôt de fonctionner",
    );
  });

  it('lists the previews of pull requests after the webhook; only project admins configure them', async () => {
    const admin = renderCodeApp({ role: 'admin' });
    admin.api.on('GET', '/deployments/dep-1/previews', { body: buildPreviews() });
    const card = await region(previewWebTexts.cardTitle);
    expect(within(card).getByRole('listitem', { name: 'n° 12 Ajoute le panier' })).toBeVisible();
    expect(within(card).getByRole('button', { name: previewWebTexts.configure })).toBeVisible();
    // Below the webhook card its hint points up to.
    const webhook = await region('Déploiement automatique (webhook)');
    expect(webhook.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    admin.unmount();

    const developer = renderCodeApp({ role: 'developer' });
    developer.api.on('GET', '/deployments/dep-1/previews', { body: buildPreviews() });
    const shown = await region(previewWebTexts.cardTitle);
    expect(within(shown).getByRole('button', { name: 'Supprimer l’aperçu n° 12' })).toBeVisible();
    expect(within(shown).queryByRole('button', { name: previewWebTexts.configure })).toBeNull();
  });

  it('a read-only member sees the application but none of its actions', async () => {
    renderCodeApp({ role: 'user' });
    const source = await region('Source');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Versions' })).toHaveTextContent('Version 1'),
    );
    expect(within(source).queryByRole('button', { name: 'Redéployer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revenir à cette version' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Annuler' })).toBeNull();
    const card = await region("Variables d'environnement");
    expect(await within(card).findByLabelText('Nom de la variable 1')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Enregistrer et redéployer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Générer un secret' })).toBeNull();
  });

  it('says plainly when a release did not start and which one stays online', async () => {
    const message =
      'La version 3 n’a pas démarré : le conteneur s’est arrêté (code de sortie 1) : boom ; la version 2 reste en ligne.';
    const view = renderCodeApp();
    view.api
      .on('GET', '/deployments/deployment/dep-1', {
        body: buildCodeDetail({ rollout_error: message }),
      })
      .on('GET', '/deployments/dep-1/releases', {
        body: [
          {
            ...codeReleases[0]!,
            id: 'rel-3',
            numero: 3,
            is_current: false,
            rollout_error: 'le conteneur s’est arrêté (code de sortie 1) : boom',
          },
          ...codeReleases,
        ],
      });
    expect(await screen.findByText(message)).toBeInTheDocument();
    const versions = await region('Versions');
    const third = await within(versions).findByRole('listitem', { name: 'Version 3' });
    expect(third).toHaveTextContent('N’a pas démarré');
    expect(third).toHaveTextContent('le conteneur s’est arrêté (code de sortie 1) : boom');
    expect(third).not.toHaveTextContent('Version en ligne');
    expect(within(versions).getByRole('listitem', { name: 'Version 2' })).toHaveTextContent(
      'Version en ligne',
    );
  });
});
