import type { Deployment } from '@nuage/shared/api-types';
import { composeFormTexts as t, composeTexts } from '@nuage/shared/messages/compose';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDeployment } from '@/test/deployment-fixture';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast, toastTexts } from '@/test/toasts';
import { ComposeDeployForm } from './compose-deploy-form';

/** The environment page's « Docker Compose » form: a pasted file, or one read from Git. */
const project = buildProject();
const env = buildEnvironment();
const composePath = `/deployments/${env.id}/deploy/compose`;
const REPO = 'https://git.exemple.sn/boutique/pile.git';
const TOKEN = '7d7d7d7d-0000-4000-8000-00000000007d';
const FILE = 'services:\n  web:\n    image: nginx:1.27\n';

function renderForm() {
  const view = renderRoute(
    <ComposeDeployForm environmentId={env.id} projectId={project.id} onClose={() => {}} />,
    { url: `/deployments/${env.id}`, path: '/deployments/:environmentId', user: buildUser() },
  );
  view.api.on('GET', `/projects/${project.id}/git-tokens`, {
    body: [{ id: TOKEN, nom: 'gitlab-boutique', created_at: '2026-11-01T09:00:00.000Z' }],
  });
  return view;
}

async function openForm(view: ReturnType<typeof renderForm>, source: 'paste' | 'git') {
  const form = await screen.findByRole('form', { name: t.title });
  if (source === 'git') await view.user.click(within(form).getByLabelText(t.sourceGit));
  const f = (label: string) => within(form).getByLabelText(label, { exact: true });
  return { form, f };
}

describe('Docker Compose form (issue 30 item 2)', { timeout: 20_000 }, () => {
  it('pasted: sends the file and no repository', async () => {
    const view = renderForm();
    view.api.on('POST', composePath, { status: 201, body: buildDeployment({ id: 'd-9' }) });
    const { form, f } = await openForm(view, 'paste');
    expect(within(form).getByLabelText(t.sourcePaste)).toBeChecked();
    expect(within(form).queryByLabelText('URL du dépôt')).toBeNull();
    await view.user.type(f("Nom de l'application"), 'pile');
    await view.user.type(f(t.fileLabel), FILE);
    await view.user.type(f(t.serviceLabel), 'web');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    await expectToast(t.deployed);
    const body = view.api.callsTo('POST', composePath)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ nom: 'pile', fichier_compose: FILE, service_expose: 'web' });
    expect(body).not.toHaveProperty('depot_git');
    await waitFor(() => expect(view.location().pathname).toBe('/deployment/d-9'));
  });

  it('from Git: sends depot_git (branch main, default path, the chosen token) and opens the application', async () => {
    const view = renderForm();
    view.api.on('POST', composePath, {
      status: 201,
      body: { ...buildDeployment({ id: 'd-git' }), build_id: 'b-1' } as Deployment,
    });
    const { form, f } = await openForm(view, 'git');
    expect(within(form).queryByLabelText(t.fileLabel)).toBeNull();
    expect(f('Branche')).toHaveValue('main');
    expect(f(t.pathLabel)).toHaveValue('docker-compose.yml');
    expect(f(t.serviceLabel)).toHaveAccessibleDescription(t.serviceHintGit);
    await view.user.type(f("Nom de l'application"), 'pile');
    await view.user.type(f('URL du dépôt'), REPO);
    await view.user.selectOptions(f('Accès au dépôt'), 'private');
    await view.user.selectOptions(
      await within(form).findByLabelText('Token Git'),
      'gitlab-boutique',
    );
    await view.user.type(f(t.serviceLabel), 'web');
    await view.user.clear(f(t.portLabel));
    await view.user.type(f(t.portLabel), '3000');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    await expectToast(t.gitDeployed);
    const body = view.api.callsTo('POST', composePath)[0]!.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('fichier_compose');
    expect(body).toMatchObject({
      nom: 'pile',
      service_expose: 'web',
      port: 3000,
      depot_git: {
        repository_url: REPO,
        git_branch: 'main',
        git_token_id: TOKEN,
        chemin_compose: 'docker-compose.yml',
      },
    });
    await waitFor(() => expect(view.location().pathname).toBe('/deployment/d-git'));
  });

  it('from Git: a public repository sends no token; the form’s own checks are said at their fields', async () => {
    const view = renderForm();
    view.api.on('POST', composePath, { status: 201, body: buildDeployment({ id: 'd-git' }) });
    const { form, f } = await openForm(view, 'git');
    await view.user.type(f("Nom de l'application"), 'pile');
    await view.user.type(f(t.serviceLabel), 'web');
    await view.user.clear(f(t.pathLabel));
    await view.user.type(f(t.pathLabel), '../compose.yml');
    await view.user.selectOptions(f('Accès au dépôt'), 'private');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    expect(f('URL du dépôt')).toHaveAccessibleDescription(composeTexts.repositoryRequired);
    expect(f(t.pathLabel)).toHaveAccessibleDescription(composeTexts.pathInvalid);
    expect(f('Token Git')).toHaveAccessibleDescription(deployMessages.tokenRequired);
    // The pasted file, not shown, is not asked for.
    expect(form).not.toHaveTextContent(composeTexts.fileRequired);
    expect(view.api.callsTo('POST', composePath)).toHaveLength(0);

    await view.user.selectOptions(f('Accès au dépôt'), 'public');
    await view.user.type(f('URL du dépôt'), REPO);
    await view.user.clear(f(t.pathLabel));
    await view.user.type(f(t.pathLabel), 'deploy/compose.yaml');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    await waitFor(() => expect(view.api.callsTo('POST', composePath)).toHaveLength(1));
    const body = view.api.callsTo('POST', composePath)[0]!.body as { depot_git: object };
    expect(body.depot_git).toEqual({
      repository_url: REPO,
      git_branch: 'main',
      chemin_compose: 'deploy/compose.yaml',
    });
  });

  it('from Git: the server’s refusals go to the repository’s fields, not to toasts', async () => {
    const view = renderForm();
    const unreachable = 'Dépôt introuvable ou inaccessible';
    const tokenRefused = 'Ce token ne donne pas accès au dépôt';
    const missing = composeTexts.fileMissingInRepository('docker-compose.yml', 'a1b2c3d');
    view.api.on('POST', composePath, {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'depot_git', 'repository_url'], msg: unreachable, type: 'git' },
          { loc: ['body', 'depot_git', 'git_token_id'], msg: tokenRefused, type: 'git' },
          { loc: ['body', 'depot_git', 'chemin_compose'], msg: missing, type: 'compose' },
        ],
      },
    });
    const { form, f } = await openForm(view, 'git');
    await view.user.type(f("Nom de l'application"), 'pile');
    await view.user.type(f('URL du dépôt'), REPO);
    await view.user.selectOptions(f('Accès au dépôt'), 'private');
    await view.user.selectOptions(
      await within(form).findByLabelText('Token Git'),
      'gitlab-boutique',
    );
    await view.user.type(f(t.serviceLabel), 'web');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    await waitFor(() => expect(f('URL du dépôt')).toHaveAccessibleDescription(unreachable));
    expect(f('Token Git')).toHaveAccessibleDescription(tokenRefused);
    expect(f(t.pathLabel)).toHaveAccessibleDescription(missing);
    expect(toastTexts()).toEqual([]);
    expect(view.location().pathname).toBe(`/deployments/${env.id}`);
  });

  it('from Git: a file of the repository refused for several reasons lists each under its path', async () => {
    const view = renderForm();
    const problems = [composeTexts.privileged('web'), composeTexts.ports('web')];
    view.api.on('POST', composePath, {
      status: 422,
      body: {
        detail: problems.map((msg) => ({
          loc: ['body', 'depot_git', 'chemin_compose'],
          msg,
          type: 'compose',
        })),
      },
    });
    const { form, f } = await openForm(view, 'git');
    await view.user.type(f("Nom de l'application"), 'pile');
    await view.user.type(f('URL du dépôt'), REPO);
    await view.user.type(f(t.serviceLabel), 'web');
    await view.user.click(within(form).getByRole('button', { name: t.submit }));
    const alert = await waitFor(() => {
      const found = within(form)
        .getAllByRole('alert')
        .find((el) => el.textContent?.includes(problems[0]!));
      expect(found).toBeDefined();
      return found!;
    });
    expect(alert).toHaveTextContent(problems[1]!);
    expect(f(t.pathLabel)).toHaveAccessibleDescription(t.repositoryProblemsBelow(2));

    // Back to a pasted file: the repository's refusals are not its own.
    await view.user.click(within(form).getByLabelText(t.sourcePaste));
    expect(form).not.toHaveTextContent(problems[0]!);
  });
});
