import { describe, expect, it } from 'vitest';
import { useAcmeApp } from '../../../test/certificates/acme-context';
import {
  getCertificate,
  letsEncryptBody,
  requestLetsEncrypt,
} from '../../../test/certificates/api';
import { leafFor, makeAuthorities, trustedRootFile } from '../../../test/certificates/pki';

/**
 * A private ACME authority (Pebble in the e2e tests, a company's own in production) serves its
 * directory over HTTPS with a certificate from a root Node does not know: the platform's ACME
 * client trusts it through TLS_EXTRA_CA_FILE, as the edge proxy does, and only then.
 */
const privateCa = makeAuthorities('Autorite privee');
const listener = leafFor(privateCa.intermediate, ['127.0.0.1']);
const listenerTls = {
  certPem: listener.certPem + privateCa.intermediate.certPem,
  keyPem: listener.keyPem,
};

describe('with TLS_EXTRA_CA_FILE holding the authority’s root', () => {
  const ctx = useAcmeApp({
    tls: listenerTls,
    extraTrustedCaFile: trustedRootFile(privateCa.root.certPem),
  });

  it('orders over HTTPS from the private authority and stores the certificate Actif', async () => {
    expect(ctx.acme.directoryUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/directory$/);
    const created = await requestLetsEncrypt(ctx.t, ctx.dev.token, letsEncryptBody(ctx.projectId));
    await ctx.t.worker.tick();
    const issued = await getCertificate(ctx.t, ctx.dev.token, created.id);
    expect(issued).toMatchObject({
      statut: 'Actif',
      emetteur: 'ACME Test Intermediaire',
      derniere_erreur: null,
    });
    expect(ctx.ordersFor('boutique.exemple.sn')).toHaveLength(1);
  });
});

describe('without it', () => {
  const ctx = useAcmeApp({ tls: listenerTls });

  it('refuses the authority’s unknown certificate and says why', async () => {
    const created = await requestLetsEncrypt(ctx.t, ctx.dev.token, letsEncryptBody(ctx.projectId));
    await ctx.t.worker.tick();
    const failed = await getCertificate(ctx.t, ctx.dev.token, created.id);
    expect(failed.statut).toBe('Échec');
    expect(failed.derniere_erreur).toBe(
      "Le certificat HTTPS de l'autorité de certification n'est pas reconnu (unable to get local issuer certificate) : pour une autorité privée, ajoutez sa racine au fichier TLS_EXTRA_CA_FILE du serveur.",
    );
    expect(ctx.ordersFor('boutique.exemple.sn')).toHaveLength(0);
  });
});

describe('an authority that does not answer', () => {
  const ctx = useAcmeApp();

  it('keeps the order in progress and says the authority does not answer (no minute-long stall)', async () => {
    await ctx.acme.close();
    const created = await requestLetsEncrypt(ctx.t, ctx.dev.token, letsEncryptBody(ctx.projectId));
    const started = Date.now();
    await ctx.t.worker.tick();
    expect(Date.now() - started).toBeLessThan(10_000);
    const pending = await getCertificate(ctx.t, ctx.dev.token, created.id);
    expect(pending.statut).toBe('En cours de renouvellement');
    expect(pending.derniere_erreur).toMatch(
      /^L'autorité de certification ne répond pas \(connect ECONNREFUSED 127\.0\.0\.1:\d+\) : nouvelle tentative plus tard\.$/,
    );
  });
});
