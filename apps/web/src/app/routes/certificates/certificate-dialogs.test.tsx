import { certificateMessages } from '@nuage/shared/schemas/certificates';
import { certificateSuccess } from '@nuage/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildCertificate,
  buildLetsEncrypt,
  buildValidation,
} from '@/features/certificates/testing/fixtures';
import { expectToast } from '@/test/toasts';
import { renderCertificates, row } from './testing/render-certificates';

const certificate = buildCertificate();
const deletePath = `/certificates/${certificate.id}`;

describe('/certificates details', () => {
  it('shows the certificate and the validation result of POST …/validate', async () => {
    const { api, user } = renderCertificates();
    api.on('POST', `/certificates/${certificate.id}/validate`, {
      body: buildValidation({
        valid: false,
        domain_matches: true,
        not_expired: true,
        expires_in_days: 80,
        issues: [certificateMessages.selfSigned],
      }),
    });
    await user.click(
      within(await row('Boutique production')).getByRole('button', { name: /Détails/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Détails du certificat' });
    const value = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Nom')).toHaveTextContent('Boutique production');
    expect(value('Domaine')).toHaveTextContent('boutique.exemple.sn');
    expect(value('Type')).toHaveTextContent('Personnalisé');
    expect(value('Statut')).toHaveTextContent('Actif');
    expect(value('Créé le')).toHaveTextContent('10 janvier 2025');
    expect(value('Description')).toHaveTextContent('Le certificat de la boutique');
    expect(value('Domaines couverts')).toHaveTextContent('boutique.exemple.sn');
    expect(value('Émetteur')).toHaveTextContent('Exemple CA');

    expect(await within(dialog).findByText('Certificat valide')).toBeVisible();
    const check = (label: string) =>
      within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(check('Certificat valide')).toHaveTextContent('Non');
    expect(check('Le domaine correspond')).toHaveTextContent('Oui');
    expect(check('Non expiré')).toHaveTextContent('Oui');
    expect(check('Jours avant expiration')).toHaveTextContent('80');
    const issues = within(dialog).getByRole('list', { name: 'Problèmes relevés' });
    expect(
      within(issues)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([certificateMessages.selfSigned]);
    expect(api.callsTo('POST', `/certificates/${certificate.id}/validate`)).toHaveLength(1);
  });

  it('says when the check found nothing, and shows the last error of a failed order', async () => {
    const failed = buildLetsEncrypt({ statut: 'Échec', derniere_erreur: 'DNS introuvable' });
    const { api, user } = renderCertificates({ certificates: [failed] });
    api.on('POST', `/certificates/${failed.id}/validate`, { body: buildValidation() });
    await user.click(within(await row('api.exemple.sn')).getByRole('button', { name: /Détails/ }));
    const dialog = screen.getByRole('dialog', { name: 'Détails du certificat' });
    expect(await within(dialog).findByText('Aucun problème relevé.')).toBeVisible();
    expect(within(dialog).getByText('DNS introuvable')).toBeVisible();
    expect(within(dialog).getByText('Simulation')).toBeVisible();
  });
});

describe('/certificates delete', () => {
  it('asks first, saying it is irreversible; cancelling deletes nothing', async () => {
    const { api, user } = renderCertificates();
    await user.click(
      within(await row('Boutique production')).getByRole('button', { name: /Supprimer/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le certificat\u00a0?' });
    expect(within(dialog).getByText('Cette action est irréversible.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', deletePath)).toHaveLength(0);
  });

  it('deletes once confirmed and reloads the list', async () => {
    const { api, user } = renderCertificates();
    api.on('DELETE', deletePath, () => {
      api.on('GET', '/certificates', { body: [] });
      return { body: { message: 'Certificat supprimé.' } };
    });
    await user.click(
      within(await row('Boutique production')).getByRole('button', { name: /Supprimer/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le certificat\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le certificat' }));
    await expectToast(certificateSuccess.deleted);
    expect(api.callsTo('DELETE', deletePath)).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Aucun certificat' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the 409 detail naming the applications using it', async () => {
    const detail = certificateMessages.inUse('« boutique »');
    const { api, user } = renderCertificates();
    api.on('DELETE', deletePath, { status: 409, body: { detail } });
    await user.click(
      within(await row('Boutique production')).getByRole('button', { name: /Supprimer/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le certificat\u00a0?' });
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le certificat' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(detail));
    expect(screen.getByRole('dialog', { name: 'Supprimer le certificat\u00a0?' })).toBeVisible();
    // Nothing was deleted: the row is still there, behind the dialog.
    expect(
      screen.getByRole('listitem', { name: 'Boutique production', hidden: true }),
    ).toBeInTheDocument();
  });
});
