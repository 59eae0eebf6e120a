import { COMING_SOON } from '@nuage/shared/catalog';
import { deployMessages } from '@nuage/shared/schemas/deployments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  backButton,
  chooseEnvironment,
  chooseSaas,
  chooseTemplate,
  continueButton,
  currentStep,
  field,
  onStep,
  preselectedUrl,
  renderWizard,
  setField,
  templateCard,
} from './testing/render-wizard';
import { otherProject, production, project, readOnlyProject } from './testing/wizard-fixtures';

describe('deploy wizard navigation (SPEC §2)', { timeout: 20_000 }, () => {
  it('goes one step at a time both ways without a preselected environment', async () => {
    const { user } = renderWizard();
    await onStep(1);
    expect(currentStep()).toHaveTextContent("Étape 1 : Type d'App");
    await chooseSaas(user);
    await onStep(2);
    await chooseEnvironment(user);
    await onStep(3);
    await chooseTemplate(user);
    await onStep(4);
    await setField(user, "Nom de l'application", 'blog');
    await user.click(continueButton());
    await onStep(5);
    expect(currentStep()).toHaveTextContent('Étape 5 : Déploiement');

    for (const n of [4, 3, 2, 1]) {
      await user.click(backButton());
      await onStep(n);
    }
    // What was chosen is kept on the way back.
    expect(screen.getByRole('radio', { name: /SaaS/ })).toBeChecked();
  });

  it('Back on step 1 returns to /dashboard when no environment was given', async () => {
    const { user, location } = renderWizard();
    await onStep(1);
    await user.click(backButton());
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeVisible();
    expect(location().pathname).toBe('/dashboard');
  });

  it('Back on step 1 returns to /deployments/{id} when an environment was given', async () => {
    const { user, location } = renderWizard(preselectedUrl);
    await onStep(1);
    await user.click(backButton());
    await screen.findByRole('heading', { name: `Page /deployments/${production.id}` });
    expect(location().pathname).toBe(`/deployments/${production.id}`);
  });

  it('with a preselected environment, step 1 → 3 and back 3 → 1; others one step', async () => {
    const { user } = renderWizard(preselectedUrl);
    await chooseSaas(user);
    await onStep(3);
    await user.click(backButton());
    await onStep(1);
    await user.click(continueButton());
    await onStep(3);
    await chooseTemplate(user);
    await onStep(4);
    await user.click(backButton());
    await onStep(3);
    await user.click(continueButton());
    await setField(user, "Nom de l'application", 'blog');
    await user.click(continueButton());
    await onStep(5);
    // The preselection is the environment and its project.
    const recap = screen.getByRole('region', { name: /Étape 5/ });
    expect(recap).toHaveTextContent(`Projet${project.nom}`);
    expect(recap).toHaveTextContent(`Environnement${production.nom}`);
  });

  it('an unknown environmentId is said, and step 2 is not skipped', async () => {
    const { api, user } = renderWizard('/deploy?environmentId=inconnu');
    api.on('GET', '/environments/inconnu', {
      status: 404,
      body: { detail: 'Environnement non trouvé' },
    });
    expect(await screen.findByText('Environnement non trouvé')).toBeVisible();
    await chooseSaas(user);
    await onStep(2);
  });

  it('step 1: SaaS and Code (issue 13) are both selectable; Continue waits for a choice', async () => {
    const { user } = renderWizard();
    const code = await screen.findByRole('radio', { name: /Code/ });
    expect(code).toBeEnabled();
    expect(code.closest('label')).not.toHaveTextContent(COMING_SOON);
    expect(continueButton()).toBeDisabled();
    await user.click(code);
    expect(continueButton()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /SaaS/ }));
    expect(continueButton()).toBeEnabled();
  });

  it('step 2: project first, then its environments; changing project reloads them', async () => {
    const { api, user } = renderWizard();
    await chooseSaas(user);
    const projectSelect = await screen.findByLabelText('Projet');
    const envSelect = field('Environnement');
    expect(within(projectSelect).getByRole('option', { name: deployMessages.projectRequired }));
    expect(within(envSelect).getByRole('option', { name: deployMessages.environmentRequired }));
    expect(envSelect).toBeDisabled();
    expect(continueButton()).toBeDisabled();
    // Deploying needs the developer role: a read-only project cannot be chosen.
    expect(
      within(projectSelect).getByRole('option', { name: new RegExp(readOnlyProject.nom) }),
    ).toBeDisabled();

    await user.selectOptions(projectSelect, project.nom);
    await within(envSelect).findByRole('option', { name: /production/ });
    expect(envSelect).toBeEnabled();
    expect(continueButton()).toBeDisabled();
    await user.selectOptions(envSelect, production.id);
    expect(continueButton()).toBeEnabled();

    await user.selectOptions(projectSelect, otherProject.nom);
    expect(envSelect).toHaveValue('');
    expect(continueButton()).toBeDisabled();
    await within(envSelect).findByRole('option', { name: /dev-thies/ });
    expect(within(envSelect).queryByRole('option', { name: /production/ })).toBeNull();
    expect(api.callsTo('GET', `/environments/${otherProject.id}/environments`)).toHaveLength(1);
  });

  it('step 2: leaving a field empty says what is missing', async () => {
    const { user } = renderWizard();
    await chooseSaas(user);
    await user.click(await screen.findByLabelText('Projet'));
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent(deployMessages.projectRequired);
  });

  it('step 3: six SaaS cards, all selectable (issue 16); no code runtime on the SaaS path', async () => {
    const { user } = renderWizard(preselectedUrl);
    await chooseSaas(user);
    expect(continueButton()).toBeDisabled();
    for (const name of ['Joomla', 'Drupal', 'Nextcloud', 'Matomo']) {
      const card = await templateCard(name);
      expect(within(card).queryByText(COMING_SOON)).toBeNull();
      expect(within(card).getByRole('button', { name: 'Choisir' })).toBeEnabled();
    }
    expect(screen.queryByRole('article', { name: 'Node.js' })).toBeNull();
    const odoo = await templateCard('Odoo');
    const wordpress = await templateCard('WordPress');
    await user.click(within(odoo).getByRole('button', { name: 'Choisir' }));
    expect(within(odoo).getByRole('button', { name: 'Sélectionné' })).toBeVisible();
    expect(continueButton()).toBeEnabled();
    await user.click(within(wordpress).getByRole('button', { name: 'Choisir' }));
    expect(within(wordpress).getByRole('button', { name: 'Sélectionné' })).toBeVisible();
    expect(within(odoo).getByRole('button', { name: 'Choisir' })).toBeVisible();
  });

  it('step 4: Continue waits for a name', async () => {
    const { user } = renderWizard(preselectedUrl);
    await chooseSaas(user);
    await chooseTemplate(user);
    await onStep(4);
    expect(continueButton()).toBeDisabled();
    await setField(user, "Nom de l'application", '   ');
    expect(continueButton()).toBeDisabled();
    await setField(user, "Nom de l'application", 'blog');
    expect(continueButton()).toBeEnabled();
  });
});
