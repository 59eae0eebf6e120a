import { saasTemplates } from '@nuage/shared/catalog';
import { deployErrors, deploySuccess, quotaTexts } from '@nuage/shared/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildCertificate } from '@/features/certificates/testing/fixtures';
import { deferred } from '@/test/fake-api';
import { expectToast, toastTexts } from '@/test/toasts';
import {
  backButton,
  continueButton,
  onStep,
  preselectedUrl,
  reachConfiguration,
  renderWizard,
  setField,
  type WizardView,
} from './testing/render-wizard';
import { production, project } from './testing/wizard-fixtures';
import { buildProjectPage } from '@/test/project-fixtures';

const deployPath = `/deployments/${production.id}/deploy/erp`;
const deployButton = () => screen.getByRole('button', { name: /Déployer l'application/ });

async function reachReview(view: WizardView, template = 'WordPress', fill?: () => Promise<void>) {
  await reachConfiguration(view.user, template);
  await setField(view.user, "Nom de l'application", 'blog-dakar');
  await fill?.();
  await view.user.click(continueButton());
  await onStep(5);
}

async function confirmDeploy(view: WizardView) {
  await view.user.click(deployButton());
  const dialog = await screen.findByRole('dialog', { name: 'Confirmer le déploiement' });
  await view.user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
}

/** Waits without timers (the clock is faked): lets promises and I/O settle between checks. */
async function until(check: () => boolean) {
  for (let i = 0; i < 500 && !check(); i++) {
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  expect(check()).toBe(true);
}

const quotaDetail = {
  message: 'Ressources du projet insuffisantes pour cette application.',
  quota_exceeded: ['RAM : 2 GB demandé(s), 1 GB disponible(s) sur 4'],
  recommendations: [
    {
      type: 'increase_project_quota',
      resource: 'RAM',
      current_quota: 4,
      needed_increase: 1,
      suggested_quota: 5,
    },
    {
      type: 'reduce_application_request',
      resource: 'RAM',
      current_quota: 1,
      needed_increase: 2,
      suggested_quota: 1,
    },
    { type: 'autre_mesure', resource: 'CPU', current_quota: 2, suggested_quota: 2.5 },
    'Supprimer une application inutilisée',
  ],
  quota_details: {
    quota_cpu: 2,
    used_cpu: 1.5,
    quota_ram: 4,
    used_ram: 3,
    quota_stockage: 50,
    used_stockage: 30,
  },
};

describe('deploy wizard, step 5 "Déploiement"', { timeout: 20_000 }, () => {
  it('names the chosen certificate in the recap, never « Certificat du projet »', async () => {
    const view = renderWizard(preselectedUrl);
    const certificate = buildCertificate({
      nom: 'Boutique production',
      nom_domaine: 'blog.exemple.sn',
      domaines: ['blog.exemple.sn'],
      projet_id: project.id,
    });
    view.api.on('GET', '/certificates', { body: [certificate] });
    await reachReview(view, 'WordPress', async () => {
      await setField(view.user, /Nom de domaine personnalisé/, 'blog.exemple.sn');
      await screen.findByRole('option', { name: /Boutique production/ });
      await view.user.selectOptions(screen.getByLabelText('Certificat TLS'), certificate.id);
    });
    const recap = screen.getByRole('region', { name: /Étape 5/ });
    expect(recap).toHaveTextContent('Boutique production (blog.exemple.sn, Personnalisé)');
    expect(recap).not.toHaveTextContent('Certificat du projet');
  });

  it('recaps, asks for confirmation (Annuler sends nothing), then sends the WordPress body', async () => {
    const view = renderWizard(preselectedUrl);
    await reachReview(view, 'WordPress', async () => {
      await setField(view.user, /Mot de passe administrateur WordPress/, 'MotDePasse2024');
      await setField(view.user, /Nom de domaine personnalisé/, 'Blog.Exemple.SN');
    });
    const recap = screen.getByRole('region', { name: /Étape 5/ });
    for (const text of [
      project.nom,
      production.nom,
      'WordPress (CMS)',
      'docker.io/library/wordpress:6.4-apache',
      'blog-dakar',
      '0,5 core(s)',
      'blog.exemple.sn',
    ]) {
      expect(recap).toHaveTextContent(text);
    }
    expect(recap).toHaveTextContent(/2 mots de passe laissés vides seront générés/);

    await view.user.click(deployButton());
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le déploiement' });
    expect(dialog).toHaveTextContent('blog-dakar');
    await view.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.api.callsTo('POST', deployPath)).toHaveLength(0);

    await confirmDeploy(view);
    await waitFor(() => expect(view.api.callsTo('POST', deployPath)).toHaveLength(1));
    const wp = saasTemplates.wordpress;
    expect(view.api.callsTo('POST', deployPath)[0]!.body).toEqual({
      nom: 'blog-dakar',
      cpu: wp.cpu,
      ram: wp.ram,
      storage: 20,
      replicas: 1,
      type_application: 'wordpress',
      image_registry_url: wp.image,
      image_tag: wp.tag,
      helm_chart_version: '1.0.0',
      helm_values: { service: { type: 'ClusterIP', port: 80 } },
      database_config: { engine: 'mariadb', database: 'wordpress', user: 'wordpress' },
      wordpress_password: 'MotDePasse2024',
      certificat_tls_id: null,
      nom_domaine: 'blog.exemple.sn',
    });
  });

  it('sends only the Odoo admin fields for Odoo', async () => {
    const view = renderWizard(preselectedUrl);
    await reachReview(view, 'Odoo', async () => {
      await setField(view.user, /Email administrateur Odoo/, 'admin@boutique.sn');
      await setField(view.user, /Mot de passe PostgreSQL/, 'BaseDeDonnees1');
    });
    await confirmDeploy(view);
    await waitFor(() => expect(view.api.callsTo('POST', deployPath)).toHaveLength(1));
    const body = view.api.callsTo('POST', deployPath)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type_application: 'odoo',
      image_registry_url: 'docker.io/library/odoo',
      image_tag: '16.0',
      odoo_email: 'admin@boutique.sn',
      postgres_password: 'BaseDeDonnees1',
      nom_domaine: null,
    });
    expect(Object.keys(body).filter((k) => /wordpress|mariadb|odoo_password/.test(k))).toEqual([]);
  });

  it("shows 'Déploiement en cours...', then 'Déployé avec succès !', the toast, and leaves after exactly 2000 ms", async () => {
    const view = renderWizard(preselectedUrl);
    const hold = deferred();
    view.api.on('POST', deployPath, async () => {
      await hold.promise;
      return {
        status: 201,
        body: { id: 'app-1', nom: 'blog-dakar', statut_deploiement: 'PENDING' },
      };
    });
    await reachReview(view);
    await confirmDeploy(view);
    const pending = await screen.findByRole('button', { name: /Déploiement en cours\.\.\./ });
    expect(pending).toBeDisabled();
    expect(backButton()).toBeDisabled();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hold.resolve();
    await until(() => screen.queryByRole('button', { name: /Déployé avec succès !/ }) !== null);
    expect(screen.getByRole('button', { name: /Déployé avec succès !/ })).toBeDisabled();
    expect(toastTexts()).toContain(deploySuccess.launched);
    act(() => void vi.advanceTimersByTime(1999));
    expect(view.location().pathname).toBe('/deploy');
    act(() => void vi.advanceTimersByTime(1));
    expect(view.location().pathname).toBe(`/deployments/${production.id}`);
  });

  it("opens 'Quota insuffisant' with SPEC §8's recommendation wording on a quota 400", async () => {
    const view = renderWizard(preselectedUrl);
    view.api.on('POST', deployPath, { status: 400, body: { detail: quotaDetail } });
    await reachReview(view);
    await confirmDeploy(view);
    const modal = await screen.findByRole('dialog', { name: quotaTexts.title });
    expect(modal).toHaveAccessibleDescription(quotaTexts.subtitle);
    expect(modal).toHaveTextContent(quotaDetail.message);
    expect(modal).toHaveTextContent(quotaDetail.quota_exceeded[0]!);
    expect(modal).toHaveTextContent('CPU1,5 / 2 cores');
    expect(modal).toHaveTextContent('RAM3 / 4 GB');
    expect(modal).toHaveTextContent('Stockage30 / 50 GB');
    const recommendations = within(
      within(modal).getByRole('region', { name: 'Recommandations' }),
    ).getAllByRole('listitem');
    expect(recommendations.map((li) => li.textContent)).toEqual([
      'Augmenter le quota RAM du projet de 4 à 5',
      "Réduire les ressources RAM demandées par l'application (actuellement 2)",
      'autre_mesure : CPU 2 → 2,5',
      'Supprimer une application inutilisée',
    ]);
    const help = within(modal).getByRole('complementary', { name: 'Que faire ?' });
    for (const tip of quotaTexts.tips) expect(help).toHaveTextContent(tip);
    expect(toastTexts()).toEqual([]);

    const close = within(modal).getAllByRole('button', { name: 'Fermer' });
    await view.user.click(close[close.length - 1]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    await onStep(5);
    expect(deployButton()).toBeEnabled();
  });

  it.each([
    [
      409,
      { detail: 'Une application porte déjà ce nom dans cet environnement.' },
      'Une application porte déjà ce nom dans cet environnement.',
    ],
    [500, {}, deployErrors.deploy],
    [400, { detail: { message: 'sans quota' } }, deployErrors.deploy],
    [422, { detail: [{ loc: ['body', 'nom'], msg: 'Nom refusé', type: 'x' }] }, 'Nom refusé'],
  ])('a %i shows the error toast and keeps the wizard', async (status, body, message) => {
    const view = renderWizard(preselectedUrl);
    view.api.on('POST', deployPath, { status, body });
    await reachReview(view);
    await confirmDeploy(view);
    await expectToast(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deployButton()).toBeEnabled();
    expect(view.location().pathname).toBe('/deploy');
  });

  it('keeps a read-only member from deploying', async () => {
    const view = renderWizard(preselectedUrl);
    view.api.on('GET', '/projects', {
      body: buildProjectPage([{ ...project, role_projet: 'user' }]),
    });
    await reachReview(view);
    expect(screen.getByText('Déploiement non autorisé')).toBeVisible();
    expect(deployButton()).toBeDisabled();
  });
});
