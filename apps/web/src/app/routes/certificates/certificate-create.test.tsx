import { certificateErrors, certificateSuccess, validation } from '@nuage/shared/messages';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCertificate,
  buildLetsEncrypt,
  CERTIFICATE_PEM,
  otherProject,
  PRIVATE_KEY_PEM,
} from '@/features/certificates/testing/fixtures';
import { buildProject } from '@/test/project-fixtures';
import { expectToast } from '@/test/toasts';
import { fieldIn, openCreateModal, renderCertificates } from './testing/render-certificates';

const project = buildProject();
const letsEncryptForm = () => screen.getByRole('form', { name: "Demande Let's Encrypt" });
const customForm = () => screen.getByRole('form', { name: 'Certificat personnalisé' });
const pemFile = (text: string, name: string) => new File([text], name, { type: 'text/plain' });

describe("'Nouveau certificat': the type toggle", () => {
  it("starts on Let's Encrypt, switches to Personnalisé and back, keeping what was typed", async () => {
    const { user } = renderCertificates();
    const dialog = await openCreateModal(user);
    const le = within(dialog).getByRole('radio', { name: /Let's Encrypt/ });
    const custom = within(dialog).getByRole('radio', { name: /Personnalisé/ });
    expect(le).toBeChecked();
    expect(fieldIn(letsEncryptForm(), 'Nom de domaine')).toBeVisible();
    expect(fieldIn(letsEncryptForm(), 'Mode test')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Certificat personnalisé' })).not.toBeInTheDocument();
    await user.type(fieldIn(letsEncryptForm(), 'Nom de domaine'), 'boutique.exemple.sn');

    await user.click(custom);
    expect(custom).toBeChecked();
    expect(screen.queryByRole('form', { name: "Demande Let's Encrypt" })).not.toBeInTheDocument();
    for (const label of [
      'Nom du certificat',
      'Certificat (PEM)',
      'Clé privée (PEM)',
      "Date d'expiration",
      'Projet',
    ]) {
      expect(fieldIn(customForm(), label)).toBeVisible();
    }

    await user.click(le);
    expect(fieldIn(letsEncryptForm(), 'Nom de domaine')).toHaveValue('boutique.exemple.sn');
  });
});

describe("'Nouveau certificat': Let's Encrypt", () => {
  it('requires the domain, the e-mail and the project, and checks their format', async () => {
    const { api, user } = renderCertificates({ projects: [project, otherProject('admin')] });
    await openCreateModal(user);
    const form = letsEncryptForm();
    await user.click(screen.getByRole('button', { name: 'Demander le certificat' }));
    expect(await within(form).findByText(m.domainRequired)).toBeVisible();
    expect(within(form).getByText(validation.emailRequired)).toBeVisible();
    expect(within(form).getByText(m.projectRequired)).toBeVisible();

    await user.type(fieldIn(form, 'Nom de domaine'), 'pas un domaine');
    await user.type(fieldIn(form, 'Adresse email'), 'admin@exemple');
    await user.click(screen.getByRole('button', { name: 'Demander le certificat' }));
    expect(await within(form).findByText(m.domainInvalid)).toBeVisible();
    expect(within(form).getByText(validation.emailInvalid)).toBeVisible();
    expect(api.callsTo('POST', '/certificates/letsencrypt')).toHaveLength(0);
  });

  it('sends the order with wildcard, test mode and project, then closes', async () => {
    const { api, user } = renderCertificates({ certificates: [] });
    api.on('POST', '/certificates/letsencrypt', () => {
      api.on('GET', '/certificates', {
        body: [buildLetsEncrypt({ statut: 'En cours de renouvellement' })],
      });
      return { status: 201, body: buildLetsEncrypt() };
    });
    await openCreateModal(user);
    const form = letsEncryptForm();
    // A single project: already chosen.
    expect(fieldIn(form, 'Projet')).toHaveValue(project.id);
    await user.type(fieldIn(form, 'Nom de domaine'), 'API.exemple.sn');
    await user.type(fieldIn(form, 'Adresse email'), 'admin@exemple.sn');
    await user.type(fieldIn(form, 'Description (optionnelle)'), 'Le point d’accès');
    await user.click(fieldIn(form, 'Mode test'));
    await user.click(screen.getByRole('button', { name: 'Demander le certificat' }));
    await expectToast(certificateSuccess.requested);
    expect(api.callsTo('POST', '/certificates/letsencrypt')[0]?.body).toEqual({
      nom_domaine: 'api.exemple.sn',
      email: 'admin@exemple.sn',
      description: 'Le point d’accès',
      wildcard: false,
      staging: true,
      projet_id: project.id,
      provider: 'letsencrypt',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'api.exemple.sn' })).toBeVisible();
  });

  it("places the server's 422 messages on their fields and toasts the others", async () => {
    const { api, user } = renderCertificates();
    api.on('POST', '/certificates/letsencrypt', {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'wildcard'], msg: m.wildcardNeedsDns01, type: 'dns01_unavailable' },
          { loc: ['body', 'autre'], msg: 'Autre problème', type: 'x' },
        ],
      },
    });
    await openCreateModal(user);
    const form = letsEncryptForm();
    await user.type(fieldIn(form, 'Nom de domaine'), 'exemple.sn');
    await user.type(fieldIn(form, 'Adresse email'), 'admin@exemple.sn');
    await user.click(fieldIn(form, 'Wildcard (*.domaine)'));
    await user.click(screen.getByRole('button', { name: 'Demander le certificat' }));
    expect(await within(form).findByText(m.wildcardNeedsDns01)).toBeVisible();
    expect(fieldIn(form, 'Wildcard (*.domaine)')).toHaveAttribute('aria-invalid', 'true');
    await expectToast('Autre problème');
  });

  it('toasts a refusal that names no field (409: already ordered)', async () => {
    const { api, user } = renderCertificates();
    api.on('POST', '/certificates/letsencrypt', {
      status: 409,
      body: { detail: m.duplicateOrder },
    });
    await openCreateModal(user);
    const form = letsEncryptForm();
    await user.type(fieldIn(form, 'Nom de domaine'), 'exemple.sn');
    await user.type(fieldIn(form, 'Adresse email'), 'admin@exemple.sn');
    await user.click(screen.getByRole('button', { name: 'Demander le certificat' }));
    await expectToast(m.duplicateOrder);
    expect(screen.getByRole('dialog', { name: 'Nouveau certificat' })).toBeVisible();
  });

  it('offers only the projects where the user manages certificates', async () => {
    const { user } = renderCertificates({
      projects: [
        project,
        otherProject('user'),
        buildProject({ id: 'p3', nom: 'Site', role_projet: 'developer' }),
      ],
    });
    await openCreateModal(user);
    const options = within(fieldIn(letsEncryptForm(), 'Projet')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choisissez un projet',
      'Boutique Dakar',
      'Site',
    ]);
  });
});

describe("'Nouveau certificat': Personnalisé", () => {
  async function openCustom(view: ReturnType<typeof renderCertificates>) {
    await openCreateModal(view.user);
    await view.user.click(screen.getByRole('radio', { name: /Personnalisé/ }));
    return customForm();
  }

  it('requires the name, the certificate, the private key and the expiry date', async () => {
    const view = renderCertificates({ projects: [project, otherProject('admin')] });
    const form = await openCustom(view);
    await view.user.click(screen.getByRole('button', { name: 'Importer le certificat' }));
    expect(await within(form).findByText(m.nomRequired)).toBeVisible();
    expect(within(form).getByText(m.certificateRequired)).toBeVisible();
    expect(within(form).getByText(m.privateKeyRequired)).toBeVisible();
    expect(within(form).getByText(m.expiryRequired)).toBeVisible();
    expect(within(form).getByText(m.projectRequired)).toBeVisible();
    expect(view.api.callsTo('POST', '/certificates')).toHaveLength(0);
  });

  it('fills the PEM fields from files, reads the expiry from the certificate, and uploads', async () => {
    const view = renderCertificates({ certificates: [] });
    const created = buildCertificate({ nom: 'Boutique' });
    view.api.on('POST', '/certificates', () => {
      view.api.on('GET', '/certificates', { body: [created] });
      return { status: 201, body: created };
    });
    const form = await openCustom(view);
    await view.user.type(fieldIn(form, 'Nom du certificat'), 'Boutique');
    await view.user.upload(
      fieldIn(form, 'Fichier du certificat') as HTMLInputElement,
      pemFile(CERTIFICATE_PEM, 'cert.pem'),
    );
    await waitFor(() => expect(fieldIn(form, 'Certificat (PEM)')).toHaveValue(CERTIFICATE_PEM));
    expect(fieldIn(form, "Date d'expiration")).toHaveValue('2027-02-19');
    await view.user.upload(
      fieldIn(form, 'Fichier de la clé privée') as HTMLInputElement,
      pemFile(PRIVATE_KEY_PEM, 'key.pem'),
    );
    await waitFor(() => expect(fieldIn(form, 'Clé privée (PEM)')).toHaveValue(PRIVATE_KEY_PEM));
    await view.user.click(screen.getByRole('button', { name: 'Importer le certificat' }));
    await expectToast(certificateSuccess.created);
    expect(view.api.callsTo('POST', '/certificates')[0]?.body).toEqual({
      nom: 'Boutique',
      description: '',
      projet_id: project.id,
      contenu_certificat: CERTIFICATE_PEM,
      contenu_cle_privee: PRIVATE_KEY_PEM,
      date_expiration: '2027-02-19',
      type_certificat: 'Personnalisé',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Boutique' })).toBeVisible();
  });

  it('refuses a file that is not PEM', async () => {
    const view = renderCertificates();
    const form = await openCustom(view);
    await view.user.upload(
      fieldIn(form, 'Fichier du certificat') as HTMLInputElement,
      pemFile('\u0030\u0082binary', 'cert.crt'),
    );
    expect(await within(form).findByText(certificateErrors.fileUnreadable)).toBeVisible();
    expect(fieldIn(form, 'Certificat (PEM)')).toHaveValue('');
  });

  it("places the server's 422 messages (key mismatch, unreadable PEM) on their fields", async () => {
    const view = renderCertificates();
    view.api.on('POST', '/certificates', {
      status: 422,
      body: {
        detail: [
          { loc: ['body', 'contenu_certificat'], msg: m.certificateUnreadable, type: 'pem' },
          { loc: ['body', 'contenu_cle_privee'], msg: m.keyMismatch, type: 'key_mismatch' },
        ],
      },
    });
    const form = await openCustom(view);
    await view.user.type(fieldIn(form, 'Nom du certificat'), 'Boutique');
    await view.user.type(fieldIn(form, 'Certificat (PEM)'), 'pas un certificat');
    await view.user.type(fieldIn(form, 'Clé privée (PEM)'), 'pas une clé');
    await view.user.type(fieldIn(form, "Date d'expiration"), '2027-01-31');
    await view.user.click(screen.getByRole('button', { name: 'Importer le certificat' }));
    expect(await within(form).findByText(m.certificateUnreadable)).toBeVisible();
    expect(within(form).getByText(m.keyMismatch)).toBeVisible();
    expect(fieldIn(form, 'Certificat (PEM)')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Nouveau certificat' })).toBeVisible();
  });
});
