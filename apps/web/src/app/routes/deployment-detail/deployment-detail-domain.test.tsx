import {
  dnsTexts,
  domainOwnershipTexts as texts,
  type DnsHelp,
  type DomainOwnership,
} from '@nuage/shared/dns-help';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectRole } from '@nuage/shared/roles';
import { formatDateTime } from '@/lib/format';
import { buildProject } from '@/test/project-fixtures';
import { buildUser, renderRoute } from '@/test/render';
import DeploymentDetailRoute from './deployment-detail';
import { buildDetail } from './testing/detail-fixture';

/**
 * The DNS card of an application with a custom domain (issue 24): until its owner proves
 * control, it says the domain is not served yet, until when the claim waits, and gives the TXT
 * record to create; « Vérifier le DNS » (developers and admins) asks the server to look for the
 * proof (POST …/dns/verify: reading the card changes nothing), and a check that finds it shows
 * the domain verified and reads the application again.
 */
const project = buildProject();
const detailPath = '/deployments/deployment/dep-1';
const DOMAIN = 'boutique.exemple.sn';
const HOST = 'boutique-production-projet.apps.nuage.sn';
const EXPIRES = '2025-01-17T09:00:00.000Z';
const TXT = {
  type: 'TXT' as const,
  nom: `_nuage-verification.${DOMAIN}`,
  valeur: 'nuage-verification=0f1e2d3c4b5a69788796a5b4c3d2e1f0',
};

function dnsHelp(propriete: Partial<DomainOwnership>): DnsHelp {
  return {
    domaine: DOMAIN,
    enregistrements: [
      { type: 'CNAME', nom: DOMAIN, valeur: HOST },
      { type: 'A', nom: DOMAIN, valeur: '203.0.113.10' },
    ],
    verification: {
      statut: 'introuvable',
      message: dnsTexts.notFound(DOMAIN),
      trouve: { adresses: [], cname: null },
      verifie_le: '2025-01-10T09:00:00.000Z',
    },
    propriete: {
      statut: 'en_attente',
      preuve: null,
      verifie_le: null,
      expire_le: EXPIRES,
      derniere_verification: null,
      enregistrement: TXT,
      message: texts.txtMissing(TXT.nom),
      ...propriete,
    },
  };
}

function renderDomainApp(first: DnsHelp, role: ProjectRole = 'developer') {
  const view = renderRoute(<DeploymentDetailRoute />, {
    url: '/deployment/dep-1',
    path: '/deployment/:deploymentId',
    user: buildUser(),
  });
  view.api
    .on('GET', detailPath, {
      body: buildDetail({ nom_de_domaine: DOMAIN, domain: DOMAIN, statut_domaine: 'en_attente' }),
    })
    .on('GET', `${detailPath}/dns`, { body: first })
    .on('GET', `/projects/${project.id}`, { body: buildProject({ role_projet: role }) })
    .on('GET', '/platform', { body: { runtime: 'docker', simulation: false, banner: null } })
    .on('GET', '/monitoring/applications/dep-1/metrics', {
      body: { application_id: 'dep-1', available: false, message: null, pods: [] },
    })
    .on('GET', `${detailPath}/logs`, { body: { logs: '' } })
    .on('GET', '/deployments/dep-1/backups', {
      body: {
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
        cibles_restauration: [],
        environnements_restauration: [],
      },
    });
  return view;
}

describe('/deployment/{id}: the custom domain’s proof of control', () => {
  it('says the domain is not served yet and gives the TXT record to create', async () => {
    renderDomainApp(dnsHelp({}));
    const card = await screen.findByRole('region', { name: dnsTexts.title });
    expect(await within(card).findByText(texts.pendingIntro(DOMAIN))).toBeVisible();
    // The badge beside the title, and the record as the registrar asks for it.
    expect(within(card).getAllByText(texts.pending)[0]).toHaveClass('bg-amber-100');
    const txt = within(card).getByLabelText(texts.title);
    expect(txt).toHaveTextContent('TXT');
    expect(txt).toHaveTextContent(TXT.nom);
    expect(txt).toHaveTextContent(TXT.valeur);
    expect(within(txt).getByRole('button', { name: texts.copyTxt })).toBeVisible();
    expect(within(txt).getByRole('button', { name: texts.copyTxtName })).toBeVisible();
    expect(within(card).getByText(texts.cnameAlsoProves(HOST))).toBeVisible();
    expect(within(card).getByText(texts.txtMissing(TXT.nom))).toBeVisible();
    // Elsewhere on the page, no link to a name that is not served yet.
    const extra = screen.getByRole('region', { name: 'Informations complémentaires' });
    expect(within(extra).getByText(texts.pending)).toBeVisible();
    expect(within(extra).queryByRole('link', { name: DOMAIN })).toBeNull();
  });

  it('says until when the claim waits for its proof, and when it was last checked', async () => {
    renderDomainApp(
      dnsHelp({
        derniere_verification: '2025-01-10T10:30:00.000Z',
        message: texts.txtWrong(TXT.nom),
      }),
    );
    const card = await screen.findByRole('region', { name: dnsTexts.title });
    expect(
      await within(card).findByText(texts.pendingUntil(formatDateTime(EXPIRES))),
    ).toBeVisible();
    expect(within(card).getByText(texts.txtWrong(TXT.nom))).toBeVisible();
    expect(
      within(card).getByText(texts.lastChecked(formatDateTime('2025-01-10T10:30:00.000Z'))),
    ).toBeVisible();
  });

  it('verifies through the server’s explicit action, shows the domain verified, and reads the application again', async () => {
    const view = renderDomainApp(dnsHelp({}));
    const card = await screen.findByRole('region', { name: dnsTexts.title });
    await within(card).findByText(texts.pendingIntro(DOMAIN));
    const readsBefore = view.api.callsTo('GET', detailPath).length;
    const dnsReads = view.api.callsTo('GET', `${detailPath}/dns`).length;
    view.api.on('POST', `${detailPath}/dns/verify`, {
      body: dnsHelp({
        statut: 'verifie',
        preuve: 'txt',
        verifie_le: '2025-01-10T09:05:00.000Z',
        expire_le: null,
        message: texts.justVerified(DOMAIN),
      }),
    });
    await view.user.click(within(card).getByRole('button', { name: dnsTexts.check }));
    expect(await within(card).findByText(texts.justVerified(DOMAIN))).toBeVisible();
    expect(view.api.callsTo('POST', `${detailPath}/dns/verify`)).toHaveLength(1);
    // The card's read only reads: the check is the POST, not another GET.
    expect(view.api.callsTo('GET', `${detailPath}/dns`)).toHaveLength(dnsReads);
    expect(within(card).getAllByText(texts.verified)[0]).toHaveClass('bg-green-100');
    expect(within(card).queryByText(texts.pendingIntro(DOMAIN))).toBeNull();
    await waitFor(() =>
      expect(view.api.callsTo('GET', detailPath).length).toBeGreaterThan(readsBefore),
    );
  });

  it('says in the card why a check was refused (claim expired), and reads the application again', async () => {
    const view = renderDomainApp(dnsHelp({}));
    const card = await screen.findByRole('region', { name: dnsTexts.title });
    await within(card).findByText(texts.pendingIntro(DOMAIN));
    const readsBefore = view.api.callsTo('GET', detailPath).length;
    view.api.on('POST', `${detailPath}/dns/verify`, {
      status: 409,
      body: { detail: texts.expired(DOMAIN) },
    });
    await view.user.click(within(card).getByRole('button', { name: dnsTexts.check }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(texts.expired(DOMAIN));
    await waitFor(() =>
      expect(view.api.callsTo('GET', detailPath).length).toBeGreaterThan(readsBefore),
    );
  });

  it('shows a member of role « utilisateur » the record to publish, without the check button', async () => {
    renderDomainApp(dnsHelp({}), 'user');
    const card = await screen.findByRole('region', { name: dnsTexts.title });
    expect(await within(card).findByText(texts.pendingIntroReader(DOMAIN))).toBeVisible();
    expect(within(card).getByLabelText(texts.title)).toHaveTextContent(TXT.valeur);
    expect(within(card).queryByRole('button', { name: dnsTexts.check })).toBeNull();
  });
});
