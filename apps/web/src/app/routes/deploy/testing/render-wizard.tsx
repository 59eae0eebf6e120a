import { presetsByApplication } from '@nuage/shared/pricing-presets';
import { recommendPreset } from '@nuage/shared/pricing-recommend';
import type { RecommendInput } from '@nuage/shared/pricing-schemas';
import type { ResourceConfiguration } from '@nuage/shared/pricing-types';
import { screen, within } from '@testing-library/react';
import { buildUser, renderRoute } from '@/test/render';
import DeployWizardRoute from '../deploy-wizard';
import { buildProjectPage } from '@/test/project-fixtures';
import {
  calculation,
  catalog,
  otherProject,
  production,
  project,
  readOnlyProject,
  staging,
  thiesDev,
} from './wizard-fixtures';

/** The wizard at `url` (default /deploy), signed in, with every call it makes answered. */
export function renderWizard(url = '/deploy') {
  const view = renderRoute(<DeployWizardRoute />, { url, path: '/deploy', user: buildUser() });
  view.api
    .on('GET', '/projects', { body: buildProjectPage([project, otherProject, readOnlyProject]) })
    .on('GET', `/environments/${project.id}/environments`, { body: [production, staging] })
    .on('GET', `/environments/${otherProject.id}/environments`, { body: [thiesDev] })
    .on('GET', `/environments/${production.id}`, { body: production })
    .on('GET', '/buildpack/templates/available', { body: catalog })
    .on('GET', '/pricing/presets', { body: presetsByApplication() })
    .on('POST', '/pricing/recommend', (req) => ({
      body: recommendPreset(req.body as RecommendInput),
    }))
    .on('POST', '/pricing/calculate', (req) => ({
      body: calculation({
        replicas: 1,
        ...(req.body as Partial<ResourceConfiguration>),
      } as ResourceConfiguration),
    }))
    .on('POST', `/deployments/${production.id}/deploy/erp`, (req) => ({
      status: 201,
      body: { id: 'app-1', nom: (req.body as { nom: string }).nom, statut_deploiement: 'PENDING' },
    }));
  return view;
}

export type WizardView = ReturnType<typeof renderWizard>;
type User = WizardView['user'];

export const continueButton = () => screen.getByRole('button', { name: /Continuer/ });
export const backButton = () => screen.getByRole('button', { name: /Retour/ });
/** The step the stepper marks as current. */
export const currentStep = () =>
  within(screen.getByRole('navigation', { name: 'Étapes du déploiement' }))
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-current') === 'step');
export const onStep = async (n: number) =>
  screen.findByRole('heading', { name: new RegExp(`^Étape ${n} sur 5`) });

export async function chooseSaas(user: User) {
  await user.click(await screen.findByRole('radio', { name: /SaaS/ }));
  await user.click(continueButton());
}

export async function chooseEnvironment(user: User, envName = 'production') {
  await user.selectOptions(await screen.findByLabelText('Projet'), project.nom);
  const env = screen.getByLabelText('Environnement');
  await within(env).findByRole('option', { name: new RegExp(envName) });
  await user.selectOptions(env, within(env).getByRole('option', { name: new RegExp(envName) }));
  await user.click(continueButton());
}

export const templateCard = (name: string) => screen.findByRole('article', { name });

export async function chooseTemplate(user: User, name = 'WordPress') {
  await user.click(within(await templateCard(name)).getByRole('button', { name: 'Choisir' }));
  await user.click(continueButton());
}

/** From /deploy?environmentId= to step 4 with `template` chosen. */
export async function reachConfiguration(user: User, template = 'WordPress') {
  await chooseSaas(user);
  await chooseTemplate(user, template);
  await onStep(4);
}

export const field = (label: string | RegExp) => screen.getByLabelText(label);

export async function setField(user: User, label: string | RegExp, value: string) {
  await user.clear(field(label));
  if (value) await user.type(field(label), value);
}

export const calculateCalls = (view: WizardView) => view.api.callsTo('POST', '/pricing/calculate');
export const preselectedUrl = `/deploy?environmentId=${production.id}`;
