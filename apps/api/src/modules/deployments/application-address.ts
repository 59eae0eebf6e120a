import type { AppContext } from '../../app-context';
import { assertDomainClaimable } from './domain-claim';
import { resolveCertificate, type ResolvedCertificate } from './tls';

/**
 * Where a new application is served, as every deploy checks it: its custom domain, claimable
 * by this project (else the French refusal at `nom_domaine`), and the certificate chosen for it
 * (the project's own, covering that domain).
 */
export async function claimAddress(
  ctx: AppContext,
  input: {
    projectId: string;
    nom: string;
    /** `nom_domaine` as sent; empty: none. */
    domain: string | null | undefined;
    certificateId: string | null;
  },
): Promise<{ domain: string | null; certificate: ResolvedCertificate | null }> {
  const domain = input.domain || null;
  if (domain) {
    await assertDomainClaimable(ctx, {
      projectId: input.projectId,
      nom: input.nom,
      domain,
      field: 'nom_domaine',
    });
  }
  const certificate = await resolveCertificate(ctx, {
    certificateId: input.certificateId,
    projectId: input.projectId,
    domain,
  });
  return { domain, certificate };
}
