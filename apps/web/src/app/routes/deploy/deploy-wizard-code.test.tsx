import type { GitTokenSummary as GitToken } from '@nuage/shared/build-types';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBuild } from '@/test/build-fixtures';
import { createSseFeed } from '@/test/sse-feed';
import { expectToast } from '@/test/toasts';
import {
  continueButton,
  field,
  onStep,
  preselectedUrl,
  renderWizard,
  setField,
  templateCard,
  type WizardView,
} from './testing/render-wizard';
import { production, project } from './testing/wizard-fixtures';

const deployPath = `/deployments/${production.id}/deploy/code`;
const tokensPath = `/projects/${project.id}/git-tokens`;
const REPO = 'https://git.exemple.sn/boutique/api-commandes.git';

function renderCodeWizard() {
  const view = renderWizard(preselectedUrl);
  const feed = createSseFeed();
  view.api
    .on('POST', deployPath, (req) => ({
      status: 201,
      body: {
        id: 'dep-code',
        nom: (req.body as { nom: string }).nom,
        statut_deploiement: 'PENDING',
        build_id: 'bld-1',
      },
    }))
    .on('GET', '/builds/bld-1', { body: buildBuild({ status: 'queued', queue_position: 1 }) })
    .on('GET', '/builds/bld-1/logs', { stream: feed.stream });
  return { ...view, feed };
}

async function reachCodeConfiguration({ user }: WizardView, runtime = 'Node.js') {
  await user.click(await screen.findByRole('radio', { name: /Code/ }));
  await user.click(continueButton());
  await user.click(within(await templateCard(runtime)).getByRole('button', { name: 'Choisir' }));
  await user.click(continueButton());
  await onStep(4);
}

async function confirmDeploy({ user }: WizardView) {
  await user.click(screen.getByRole('button', { name: /Déployer l'application/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirmer le déploiement' });
  await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
}

describe('deploy wizard, Code path (issue 13)', { timeout: 30_000 }, () => {
  it('offers the six runtimes, then sends the SPEC §7 body with variables, build args and port', async () => {
    const view = renderCodeWizard();
    const { user } = view;
    await user.click(await screen.findByRole('radio', { name: /Code/ }));
    await user.click(continueButton());
    for (const name of ['React', 'Vue.js', 'Node.js', 'Python', 'PHP', 'Java']) {
      const card = await templateCard(name);
      expect(within(card).getByRole('button', { name: 'Choisir' })).toBeEnabled();
    }
    expect(screen.queryByRole('article', { name: 'WordPress' })).toBeNull();
    await user.click(
      within(await templateCard('Node.js')).getByRole('button', { name: 'Choisir' }),
    );
    await user.click(continueButton());
    await onStep(4);

    expect(field('Branche')).toHaveValue('main');
    expect(screen.queryByLabelText('Stockage (GB)')).toBeNull();
    await setField(user, "Nom de l'application", 'api-commandes');
    await user.click(continueButton());
    expect(await screen.findByText("L'URL du dépôt est requise")).toBeInTheDocument();
    await onStep(4);

    await setField(user, 'URL du dépôt', REPO);
    await setField(user, /Port de l'application/, '3000');
    await user.click(screen.getByRole('button', { name: 'Ajouter une variable' }));
    await setField(user, 'Nom de la variable 1', 'NODE_ENV');
    await setField(user, 'Valeur de la variable 1', 'production');
    await user.click(screen.getByRole('button', { name: 'Ajouter une variable' }));
    await setField(user, 'Nom de la variable 2', 'STRIPE_KEY');
    await user.click(screen.getAllByRole('checkbox', { name: 'Secret' })[1]!);
    expect(field('Valeur de la variable 2')).toHaveAttribute('type', 'password');
    await setField(user, 'Valeur de la variable 2', 'sk_live_123');
    await user.click(screen.getByRole('button', { name: 'Ajouter un argument' }));
    await setField(user, "Nom de l'argument 1", 'API_BASE');
    await setField(user, "Valeur de l'argument 1", '/api');
    await user.click(continueButton());
    await onStep(5);

    const recap = screen.getByRole('heading', { name: 'Récapitulatif' }).parentElement!;
    expect(recap).toHaveTextContent(REPO);
    expect(recap).toHaveTextContent('2 (1 secrète) : NODE_ENV, STRIPE_KEY');
    await confirmDeploy(view);

    await waitFor(() => expect(view.api.callsTo('POST', deployPath)).toHaveLength(1));
    expect(view.api.callsTo('POST', deployPath)[0]!.body).toEqual({
      nom: 'api-commandes',
      cpu: 0.5,
      ram: 1,
      replicas: 1,
      type_application: 'nodejs',
      git_branch: 'main',
      build_args: { API_BASE: '/api' },
      helm_chart_version: '1.0.0',
      repo_url: REPO,
      repository_access: null,
      env_vars: [
        { name: 'NODE_ENV', value: 'production', secret: false },
        { name: 'STRIPE_KEY', value: 'sk_live_123', secret: true },
      ],
      port: 3000,
      certificat_tls_id: null,
      nom_domaine: null,
    });
  });

  it('shows the first build live on the last step, then opens the application when it succeeds', async () => {
    const view = renderCodeWizard();
    await reachCodeConfiguration(view);
    await setField(view.user, "Nom de l'application", 'api-commandes');
    await setField(view.user, 'URL du dépôt', REPO);
    await view.user.click(continueButton());
    await onStep(5);
    await confirmDeploy(view);

    expect(await screen.findByText("En file d'attente (position 1)")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir l'application/ })).toHaveAttribute(
      'href',
      '/deployment/dep-code',
    );
    view.feed.status(buildBuild({ status: 'running' }));
    view.feed.log(1, 'Détection : Node.js (npm), port 3000');
    expect(await screen.findByText('Détection : Node.js (npm), port 3000')).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    view.feed.end(buildBuild({ status: 'success' }));
    await waitFor(() => expect(view.location().pathname).toBe('/deployment/dep-code'));
  });

  it('private repository: requires a token, adds one inline (masked, never shown again) and sends repository_access', async () => {
    const view = renderCodeWizard();
    const { user, api } = view;
    const tokens: GitToken[] = [];
    api
      .on('GET', tokensPath, () => ({ body: tokens }))
      .on('POST', tokensPath, (req) => {
        const token: GitToken = {
          id: 'tok-1',
          nom: (req.body as { nom: string }).nom,
          created_at: '2025-01-10T09:00:00.000Z',
          last_used_at: null,
        };
        tokens.push(token);
        return { status: 201, body: token };
      });
    await reachCodeConfiguration(view, 'Python');
    await setField(user, "Nom de l'application", 'facturation');
    await setField(user, 'URL du dépôt', REPO);
    await user.click(screen.getByRole('radio', { name: /Privé/ }));
    await user.click(continueButton());
    expect(await screen.findByText('Token requis pour un dépôt privé')).toBeInTheDocument();

    // No token in the project yet: the add form is open at once.
    const add = await screen.findByRole('group', { name: 'Ajouter un token' });
    await user.click(within(add).getByRole('button', { name: 'Ajouter le token' }));
    expect(within(add).getByText('Le nom du token est requis')).toBeInTheDocument();
    expect(within(add).getByText('Le token est requis')).toBeInTheDocument();
    expect(api.callsTo('POST', tokensPath)).toHaveLength(0);

    const secretInput = within(add).getByLabelText("Token d'accès");
    expect(secretInput).toHaveAttribute('type', 'password');
    await user.type(within(add).getByLabelText('Nom du token'), 'GitLab équipe');
    await user.type(secretInput, 'glpat-XYZ');
    await user.click(within(add).getByRole('button', { name: 'Ajouter le token' }));
    await expectToast('Token ajouté. Sa valeur ne sera plus jamais affichée.');
    expect(api.callsTo('POST', tokensPath)[0]!.body).toEqual({
      nom: 'GitLab équipe',
      token: 'glpat-XYZ',
    });
    await waitFor(() => expect(field('Token Git')).toHaveValue('tok-1'));
    expect(screen.queryByDisplayValue('glpat-XYZ')).toBeNull();

    await user.click(continueButton());
    await onStep(5);
    expect(screen.getByText('Privé · token « GitLab équipe »')).toBeInTheDocument();
    await confirmDeploy(view);
    await waitFor(() => expect(api.callsTo('POST', deployPath)).toHaveLength(1));
    expect(api.callsTo('POST', deployPath)[0]!.body).toMatchObject({
      type_application: 'python',
      repo_url: null,
      repository_access: { repository_url: REPO, git_token_id: 'tok-1' },
    });
  });

  it('one Continue says everything missing: an emptied CPU, the repository URL, the token', async () => {
    const view = renderCodeWizard();
    await reachCodeConfiguration(view);
    await setField(view.user, "Nom de l'application", 'api');
    await setField(view.user, 'CPU (cores)', '');
    await view.user.click(screen.getByRole('radio', { name: /Privé/ }));
    await view.user.click(continueButton());
    expect(field('CPU (cores)')).toHaveAccessibleDescription(deployMessages.cpuRequired);
    expect(field('URL du dépôt')).toHaveAccessibleDescription("L'URL du dépôt est requise");
    expect(field('Token Git')).toHaveAccessibleDescription('Token requis pour un dépôt privé');
    await onStep(4);
  });

  it("rejects invalid variable names before sending ('Nom de variable invalide')", async () => {
    const view = renderCodeWizard();
    await reachCodeConfiguration(view);
    await setField(view.user, "Nom de l'application", 'api');
    await setField(view.user, 'URL du dépôt', REPO);
    await view.user.click(screen.getByRole('button', { name: 'Ajouter une variable' }));
    await setField(view.user, 'Nom de la variable 1', '1-BAD NAME');
    await view.user.click(continueButton());
    expect(await screen.findByText('Nom de variable invalide')).toBeInTheDocument();
    await onStep(4);
  });

  it('a refusal of the repository by the server brings back step 4 with its message, at the field when named', async () => {
    const view = renderCodeWizard();
    let answer = 0;
    view.api.on('POST', deployPath, () =>
      answer++ === 0
        ? {
            status: 422,
            body: { detail: 'La branche « main » est introuvable dans ce repository.' },
          }
        : {
            status: 422,
            body: {
              detail: [
                {
                  loc: ['body', 'git_branch'],
                  msg: 'La branche « dev » est introuvable.',
                  type: 'value',
                },
              ],
            },
          },
    );
    await reachCodeConfiguration(view);
    await setField(view.user, "Nom de l'application", 'api');
    await setField(view.user, 'URL du dépôt', REPO);
    await view.user.click(continueButton());
    await onStep(5);
    await confirmDeploy(view);
    await onStep(4);
    expect(
      await screen.findByText('La branche « main » est introuvable dans ce repository.'),
    ).toBeInTheDocument();
    expect(field('URL du dépôt')).toHaveValue(REPO);

    await setField(view.user, 'Branche', 'dev');
    await view.user.click(continueButton());
    await onStep(5);
    await confirmDeploy(view);
    await onStep(4);
    const branchError = await screen.findByText('La branche « dev » est introuvable.');
    expect(field('Branche')).toHaveAttribute('aria-describedby', branchError.id);
  });

  it("a name already used in the environment is said at the name's field", async () => {
    const view = renderCodeWizard();
    view.api.on('POST', deployPath, { status: 409, body: { detail: deployMessages.nameTaken } });
    await reachCodeConfiguration(view);
    await setField(view.user, "Nom de l'application", 'api');
    await setField(view.user, 'URL du dépôt', REPO);
    await view.user.click(continueButton());
    await onStep(5);
    await confirmDeploy(view);
    await onStep(4);
    expect(await screen.findByText(deployMessages.nameTaken)).toBeInTheDocument();
  });
});
