import type { Certificate } from '@nuage/shared/certificate-types';
import {
  certificateMessages as m,
  type CustomCertificateInput,
  type UpdateCertificateInput,
} from '@nuage/shared/schemas/certificates';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { certificates } from '../../db/schema/certificates';
import { projectMembers, projects } from '../../db/schema/projects';
import { FieldValidationError } from '../../lib/errors';
import { authorizeProject, liveMembershipsOf } from '../projects/policy';
import { applicationsUsing, checkStillCovers } from './applications';
import { namesCover, splitWildcard } from './domains';
import { expiryWarnings, readMaterial, type CertificateMaterial } from './material';
import { commonNameOf } from './pem';
import { authorizeCertificate } from './policy';
import { presentCertificate } from './presenter';
import { materialColumns, refreshApplicationsUsing, unsealKey } from './store';
import { certificateWorkDue } from './wake';

/** GET /certificates/: the certificates of the caller's projects (or of one), newest first. */
export async function listCertificates(
  ctx: AppContext,
  input: { userId: string; projectId?: string | undefined },
): Promise<Certificate[]> {
  if (input.projectId !== undefined) {
    await authorizeProject(ctx.db, {
      projectId: input.projectId,
      userId: input.userId,
      need: 'user',
    });
  }
  const memberOf = ctx.db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(liveMembershipsOf(input.userId));
  const rows = await ctx.db
    .select()
    .from(certificates)
    .where(
      and(
        inArray(certificates.projectId, memberOf),
        input.projectId !== undefined ? eq(certificates.projectId, input.projectId) : undefined,
      ),
    )
    .orderBy(desc(certificates.createdAt));
  const now = new Date();
  return rows.map((row) => presentCertificate(row, { now }));
}

export async function getCertificate(
  ctx: AppContext,
  input: { certificateId: string; userId: string },
) {
  return presentCertificate(await authorizeCertificate(ctx.db, { ...input, need: 'user' }));
}

/** The domain a custom certificate is for: the one typed, else its first DNS name, else its CN. */
function domainOf(material: CertificateMaterial, typed: string | undefined) {
  const name = typed ?? material.dnsNames[0] ?? commonNameOf(material.chain[0]!.subject);
  if (!name || name.includes('=') || name.includes(' ')) {
    throw new FieldValidationError([
      { loc: ['body', 'nom_domaine'], msg: m.domainUnknown, type: 'missing' },
    ]);
  }
  return splitWildcard(name);
}

/** Typed names the certificate does not cover are accepted, and said. */
function coverageWarnings(
  material: CertificateMaterial,
  domain: string,
  wildcard: boolean,
): string[] {
  const name = wildcard ? `*.${domain}` : domain;
  return namesCover(material.dnsNames, name)
    ? []
    : [m.domainNotCovered(name, material.dnsNames.join(', '))];
}

/** POST /certificates/: an uploaded ('Personnalisé') certificate, read for real, created Actif. */
export async function createCustomCertificate(
  ctx: AppContext,
  input: { userId: string; data: CustomCertificateInput },
): Promise<Certificate> {
  const d = input.data;
  await authorizeProject(ctx.db, {
    projectId: d.projet_id,
    userId: input.userId,
    need: 'developer',
  });
  const material = readMaterial(d.contenu_certificat, d.contenu_cle_privee);
  const { domain, wildcard } = domainOf(material, d.nom_domaine);
  const [row] = await ctx.db
    .insert(certificates)
    .values({
      projectId: d.projet_id,
      nom: d.nom,
      domain,
      wildcard,
      description: d.description || null,
      type: 'custom',
      status: 'Actif',
      ...materialColumns(ctx.secrets.secretsKey, material),
      createdBy: input.userId,
    })
    .returning();
  ctx.log.info({ certificateId: row!.id, projectId: d.projet_id }, 'custom certificate imported');
  // Its expiry (and a warning already due, 30 days before) is the worker's to watch from now.
  certificateWorkDue(ctx);
  const warnings = [
    ...expiryWarnings(d.date_expiration, material.expiresAt),
    ...coverageWarnings(material, domain, wildcard),
  ];
  return presentCertificate(row!, { warnings });
}

/**
 * PUT /certificates/{id}: name and description for every certificate; for a custom one also a
 * new certificate and/or key (an empty field keeps the stored one, SPEC §5). A new certificate
 * must still cover the domains of the applications using it, which then pick it up.
 */
export async function updateCertificate(
  ctx: AppContext,
  input: { certificateId: string; userId: string; data: UpdateCertificateInput },
): Promise<Certificate> {
  const row = await authorizeCertificate(ctx.db, { ...input, need: 'developer' });
  const d = input.data;
  const replacing = d.contenu_certificat !== undefined || d.contenu_cle_privee !== undefined;
  if (replacing && row.type === 'letsencrypt') {
    const field = d.contenu_certificat !== undefined ? 'contenu_certificat' : 'contenu_cle_privee';
    throw new FieldValidationError([
      { loc: ['body', field], msg: m.pemOnLetsEncrypt, type: 'managed' },
    ]);
  }
  let material: CertificateMaterial | null = null;
  if (replacing) {
    material = readMaterial(
      d.contenu_certificat ?? row.certificatePem ?? '',
      d.contenu_cle_privee ?? unsealKey(ctx.secrets.secretsKey, row.privateKeySealed) ?? '',
    );
    checkStillCovers(await applicationsUsing(ctx.db, row.id), material.dnsNames);
  }
  const [updated] = await ctx.db
    .update(certificates)
    .set({
      ...(d.nom !== undefined ? { nom: d.nom } : {}),
      ...(d.description !== undefined ? { description: d.description || null } : {}),
      ...(material
        ? {
            ...materialColumns(ctx.secrets.secretsKey, material),
            status: 'Actif' as const,
            lastError: null,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(certificates.id, row.id))
    .returning();
  if (material && (await refreshApplicationsUsing(ctx.db, row.id)) > 0) ctx.engine.wake();
  if (material) {
    ctx.log.info({ certificateId: row.id }, 'custom certificate replaced');
    // Its new expiry is the worker's to watch from now.
    certificateWorkDue(ctx);
  }
  const expiresAt = material?.expiresAt ?? row.expiresAt;
  const warnings = [
    ...(expiresAt && row.type === 'custom' ? expiryWarnings(d.date_expiration, expiresAt) : []),
    ...(material ? coverageWarnings(material, row.domain, row.wildcard) : []),
  ];
  return presentCertificate(updated!, { warnings });
}
