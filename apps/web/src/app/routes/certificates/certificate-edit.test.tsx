import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateSuccess } from '@nuage/shared/messages';
import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCertificate,
  buildLetsEncrypt,
  CERTIFICATE_PEM,
  PRIVATE_KEY_PEM,
} from '@/features/certificates/testing/fixtures';
import { expectToast } from '@/test/toasts';
import { fieldIn, renderCertificates, row } from './testing/render-certificates';

const custom = buildCertificate({ date_expiration: '2027-01-31T12:00:00.000Z' });
const putPath = (c: Certificate) => `/certificates/${c.id}`;

async function openEdit(certificate: Certificate) {
  const view = renderCertificates({ certificates: [certificate] });
  view.api.on('PUT', putPath(certificate), (request) => {
    const updated = { ...certificate, ...(request.body as object) };
    view.api.on('GET', '/certificates', { body: [updated] });
    return { body: updated };
  });
  await view.user.click(
    within(await row(certificate.nom)).getByRole('button', { name: /Modifier/ }),
  );
  const form = screen.getByRole('form', { name: 'Modifier le certificat' });
  return { ...view, form };
}

describe('/certificates edit', () => {
  it('starts from the certificate and leaves empty PEM fields out of the PUT', async () => {
    const { api, user, form } = await openEdit(custom);
    expect(fieldIn(form, 'Nom du certificat')).toHaveValue('Boutique production');
    expect(fieldIn(form, 'Description (optionnelle)')).toHaveValue('Le certificat de la boutique');
    expect(fieldIn(form, 'Nouveau certificat (PEM)')).toHaveValue('');
    // The stored key is never shown back.
    expect(fieldIn(form, 'Nouvelle clé privée (PEM)')).toHaveValue('');
    expect(within(form).getAllByText(/Laisser vide pour conserver/)).toHaveLength(2);
    expect(fieldIn(form, "Date d'expiration")).toHaveValue('2027-01-31');

    await user.clear(fieldIn(form, 'Nom du certificat'));
    await user.type(fieldIn(form, 'Nom du certificat'), 'Boutique 2027');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expectToast(certificateSuccess.updated);
    const body = api.callsTo('PUT', putPath(custom))[0]?.body;
    expect(body).toEqual({
      nom: 'Boutique 2027',
      description: 'Le certificat de la boutique',
      date_expiration: '2027-01-31',
    });
    expect(body).not.toHaveProperty('contenu_certificat');
    expect(body).not.toHaveProperty('contenu_cle_privee');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await row('Boutique 2027')).toBeVisible();
  });

  it('sends a new certificate and key when given, with the expiry read from it', async () => {
    const { api, user, form } = await openEdit(custom);
    await user.click(fieldIn(form, 'Nouveau certificat (PEM)'));
    await user.paste(CERTIFICATE_PEM);
    expect(fieldIn(form, "Date d'expiration")).toHaveValue('2027-02-19');
    await user.click(fieldIn(form, 'Nouvelle clé privée (PEM)'));
    await user.paste(PRIVATE_KEY_PEM);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expectToast(certificateSuccess.updated);
    expect(api.callsTo('PUT', putPath(custom))[0]?.body).toEqual({
      nom: 'Boutique production',
      description: 'Le certificat de la boutique',
      contenu_certificat: CERTIFICATE_PEM,
      contenu_cle_privee: PRIVATE_KEY_PEM,
      date_expiration: '2027-02-19',
    });
  });

  it('offers only the name and description of a Let’s Encrypt certificate', async () => {
    const le = buildLetsEncrypt();
    const { api, user, form } = await openEdit(le);
    expect(within(form).queryByLabelText(/PEM/)).not.toBeInTheDocument();
    expect(within(form).queryByLabelText("Date d'expiration")).not.toBeInTheDocument();
    await user.type(fieldIn(form, 'Description (optionnelle)'), 'API publique');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expectToast(certificateSuccess.updated);
    expect(api.callsTo('PUT', putPath(le))[0]?.body).toEqual({
      nom: 'api.exemple.sn',
      description: 'API publique',
    });
  });

  it('requires the name', async () => {
    const { api, user, form } = await openEdit(custom);
    await user.clear(fieldIn(form, 'Nom du certificat'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.nomRequired)).toBeVisible();
    expect(api.callsTo('PUT', putPath(custom))).toHaveLength(0);
  });

  it("places the server's 422 message on the field it names", async () => {
    const { api, user, form } = await openEdit(custom);
    api.on('PUT', putPath(custom), {
      status: 422,
      body: {
        detail: [{ loc: ['body', 'contenu_cle_privee'], msg: m.keyMismatch, type: 'key_mismatch' }],
      },
    });
    await user.click(fieldIn(form, 'Nouvelle clé privée (PEM)'));
    await user.paste(PRIVATE_KEY_PEM);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(m.keyMismatch)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Modifier le certificat' })).toBeVisible();
  });
});
