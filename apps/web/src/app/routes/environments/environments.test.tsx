import type { Environment, Project } from '@nuage/shared/api-types';
import { projectErrors, projectSuccess } from '@nuage/shared/messages';
import { previewWebTexts } from '@nuage/shared/messages/previews';
import { environmentMessages } from '@nuage/shared/schemas/environments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildEnvironment, buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import { expectToast } from '@/test/toasts';
import EnvironmentsRoute from './environments';

const project = buildProject();
const listPath = `/environments/${project.id}/environments`;

function renderEnvironments(opts: { project?: Project; environments?: Environment[] } = {}) {
  const view = renderRoute(<EnvironmentsRoute />, {
    url: `/environments/${project.id}`,
    path: '/environments/:projectId',
    user: buildUser(),
  });
  view.api
    .on('GET', `/projects/${project.id}`, { body: opts.project ?? project })
    .on('GET', listPath, { body: opts.environments ?? [buildEnvironment()] });
  return view;
}

const card = (name: string) => screen.findByRole('article', { name });
const field = (form: HTMLElement, label: RegExp) => within(form).getByLabelText(label);

async function openCreateForm(user: ReturnType<typeof renderEnvironments>['user']) {
  await user.click(await screen.findByRole('button', { name: /Nouvel environnement/ }));
  return screen.getByRole('form', { name: 'Nouvel environnement' });
}

describe('/environments/{projectId}', () => {
  it('shows the breadcrumb and one card per environment with its deployments link', async () => {
    renderEnvironments();
    const crumbs = await screen.findByRole('navigation', { name: "Fil d'Ariane" });
    expect(within(crumbs).getByRole('link', { name: 'Projets' })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(within(crumbs).getByRole('link', { name: 'Boutique Dakar' })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    expect(within(crumbs).getByText('Environnements')).toHaveAttribute('aria-current', 'page');
    const prod = await card('production');
    expect(within(prod).getByText('Production')).toBeVisible();
    expect(within(prod).getByText('env-boutique-dakar-production-1a2b3c')).toBeVisible();
    expect(within(prod).getByRole('link', { name: /Gérer les déploiements/ })).toHaveAttribute(
      'href',
      `/deployments/${buildEnvironment().id}`,
    );
  });

  it('colours each status as SPEC §4 says', async () => {
    const env = (nom: string, status: Environment['status']) =>
      buildEnvironment({ id: nom, nom, status });
    // A state a newer server may send that this screen does not know.
    const future = 'suspended' as Environment['status']['status'];
    renderEnvironments({
      environments: [
        env('ok', { status: 'active', message: null, gitlab_config: { created: true } }),
        env('ko', {
          status: 'failed',
          message: 'Namespace refusé',
          gitlab_config: { created: false },
        }),
        env('prep', { status: 'active', message: null, gitlab_config: { created: false } }),
        env('wait', { status: 'pending', message: null, gitlab_config: { created: false } }),
        env('new', { status: future, message: null, gitlab_config: { created: true } }),
      ],
    });
    const badge = async (name: string, label: string) =>
      within(await card(name))
        .getByText(label)
        .closest('span');
    expect(await badge('ok', 'Actif')).toHaveClass('bg-green-100');
    expect(await badge('ko', 'Échec')).toHaveClass('bg-red-100');
    expect(within(await card('ko')).getByText('Namespace refusé')).toBeVisible();
    expect(await badge('prep', 'En attente')).toHaveClass('bg-amber-100');
    expect(await badge('wait', 'En attente')).toHaveClass('bg-amber-100');
    expect(await badge('new', 'Status inconnu')).toHaveClass('bg-slate-100');
  });

  it('shows an empty state when the project has no environment', async () => {
    renderEnvironments({ environments: [] });
    expect(await screen.findByRole('heading', { name: 'Aucun environnement' })).toBeVisible();
  });

  it("shows 'Projet non trouvé' with a link to /projects, and asks nothing more", async () => {
    const { api } = renderEnvironments();
    api.on('GET', `/projects/${project.id}`, {
      status: 404,
      body: { detail: 'Projet non trouvé' },
    });
    expect(await screen.findByRole('heading', { name: 'Projet non trouvé' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Retour aux projets/ })).toHaveAttribute(
      'href',
      '/projects',
    );
    expect(api.callsTo('GET', listPath)).toHaveLength(0);
  });

  it("hides create, edit and delete from the 'user' role", async () => {
    renderEnvironments({ project: buildProject({ role_projet: 'user' }) });
    const prod = await card('production');
    expect(within(prod).getByRole('link', { name: /Gérer les déploiements/ })).toBeVisible();
    expect(within(prod).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Nouvel environnement/ })).not.toBeInTheDocument();
  });

  it('marks the environments that preview a pull request, linking to it when its address is known', async () => {
    const apercu = (numero_pr: number, url_pr: string | null) => ({
      application_source_id: 'dep-1',
      numero_pr,
      url_pr,
    });
    renderEnvironments({
      environments: [
        buildEnvironment({ id: 'e1', nom: 'production' }),
        buildEnvironment({
          id: 'e2',
          nom: 'apercu-pr-12',
          apercu: apercu(12, 'https://github.com/boutique/api/pull/12'),
        }),
        buildEnvironment({ id: 'e3', nom: 'apercu-pr-7', apercu: apercu(7, null) }),
      ],
    });
    const linked = await card('apercu-pr-12');
    expect(
      within(linked).getByRole('link', { name: previewWebTexts.environmentBadge(12) }),
    ).toHaveAttribute('href', 'https://github.com/boutique/api/pull/12');
    const unlinked = await card('apercu-pr-7');
    expect(within(unlinked).getByText(previewWebTexts.environmentBadge(7))).toBeVisible();
    expect(
      within(unlinked).queryByRole('link', { name: previewWebTexts.environmentBadge(7) }),
    ).toBeNull();
    expect(await card('production')).not.toHaveTextContent('Aperçu PR');
  });

  it('validates the name and the type (SPEC §5 "Environment form")', async () => {
    const { api, user } = renderEnvironments();
    const form = await openCreateForm(user);
    await user.click(within(form).getByRole('button', { name: "Créer l'environnement" }));
    expect(await within(form).findByText(environmentMessages.nomRequired)).toBeVisible();
    expect(within(form).getByText(environmentMessages.typeRequired)).toBeVisible();
    await user.type(field(form, /Nom/), 'x'.repeat(101));
    await user.click(within(form).getByRole('button', { name: "Créer l'environnement" }));
    expect(await within(form).findByText(environmentMessages.nomMax)).toBeVisible();
    expect(api.callsTo('POST', listPath)).toHaveLength(0);
  });

  it('creates an environment, says so and lists it; a failure keeps the form', async () => {
    const { api, user } = renderEnvironments({ environments: [] });
    api.on('POST', listPath, { status: 500 });
    const form = await openCreateForm(user);
    await user.type(field(form, /Nom/), 'staging-eu');
    await user.selectOptions(field(form, /Type/), 'Staging');
    await user.click(within(form).getByRole('button', { name: "Créer l'environnement" }));
    await expectToast(projectErrors.environmentCreate);
    expect(field(form, /Nom/)).toHaveValue('staging-eu');

    const created = buildEnvironment({ id: 'e2', nom: 'staging-eu', type: 'staging' });
    api.on('POST', listPath, () => {
      api.on('GET', listPath, { body: [created] });
      return { status: 201, body: created };
    });
    await user.click(within(form).getByRole('button', { name: "Créer l'environnement" }));
    await expectToast(projectSuccess.environmentCreated);
    expect(api.callsTo('POST', listPath)[1]?.body).toEqual({ nom: 'staging-eu', type: 'staging' });
    expect(within(await card('staging-eu')).getByText('Staging')).toBeVisible();
  });

  it('renames an environment; a refusal shows the default error', async () => {
    const { api, user } = renderEnvironments();
    const env = buildEnvironment();
    api.on('PUT', `/environments/${env.id}`, { status: 500 });
    await user.click(
      within(await card('production')).getByRole('button', {
        name: "Modifier l'environnement production",
      }),
    );
    const form = screen.getByRole('form', { name: "Modifier l'environnement" });
    expect(field(form, /Type/)).toHaveValue('prod');
    await user.clear(field(form, /Nom/));
    await user.type(field(form, /Nom/), 'prod-dakar');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await expectToast(projectErrors.environmentUpdate);

    const renamed = { ...env, nom: 'prod-dakar' };
    api
      .on('PUT', `/environments/${env.id}`, { body: renamed })
      .on('GET', listPath, { body: [renamed] });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await expectToast(projectSuccess.environmentUpdated);
    expect(api.callsTo('PUT', `/environments/${env.id}`)[1]?.body).toEqual({
      nom: 'prod-dakar',
      type: 'prod',
    });
    expect(await card('prod-dakar')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes an environment only after an irreversible-delete confirmation', async () => {
    const { api, user } = renderEnvironments();
    const env = buildEnvironment();
    api.on('DELETE', `/environments/${env.id}`, { status: 500 });
    await user.click(
      within(await card('production')).getByRole('button', {
        name: "Supprimer l'environnement production",
      }),
    );
    const dialog = screen.getByRole('dialog', { name: "Supprimer l'environnement ?" });
    expect(dialog).toHaveTextContent("toutes les applications qu'il contient (2 applications)");
    expect(dialog).toHaveTextContent('Cette action est irréversible.');
    expect(api.callsTo('DELETE', `/environments/${env.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: "Supprimer l'environnement" }));
    await expectToast(projectErrors.environmentDelete);

    api
      .on('DELETE', `/environments/${env.id}`, { body: { message: 'ok' } })
      .on('GET', listPath, { body: [] });
    await user.click(within(dialog).getByRole('button', { name: "Supprimer l'environnement" }));
    await expectToast(projectSuccess.environmentDeleted);
    expect(await screen.findByRole('heading', { name: 'Aucun environnement' })).toBeVisible();
  });
});
