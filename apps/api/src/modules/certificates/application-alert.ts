import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { certificates } from '../../db/schema/certificates';
import { platformHostname } from '../../engine/routing/hostnames';
import { formatFrenchDate } from './inspect';
import { effectiveStatus } from './presenter';
import { certificateAlertTexts } from '@nuage/shared/messages/certificates';

const uncapitalized = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The French sentence the application page shows when one of its HTTPS addresses has no
 * valid certificate: its custom domain first (the certificate chosen for it, uploaded or
 * Let's Encrypt, when it is served, else the one the edge proxy orders for it), then its
 * platform hostname `<label>.<APPS_DOMAIN>` (ordered by the edge proxy, docker runtime).
 * Null when all is well, or nothing is known yet.
 */
export async function certificateAlertOf(
  db: Executor,
  app: {
    projectId: string;
    hostLabel: string;
    domain: string | null;
    certificateId: string | null;
  },
  opts: { appsDomain?: string | undefined; now?: Date } = {},
): Promise<string | null> {
  const now = opts.now ?? new Date();
  const custom = app.domain
    ? await customDomainAlert(db, { ...app, domain: app.domain }, now)
    : null;
  if (custom) return custom;
  const platform = platformHostname(app.hostLabel, opts.appsDomain)?.toLowerCase();
  if (!platform) return null;
  const row = await proxyRow(db, app.projectId, platform);
  return row ? alertFor(platform, row, now) : null;
}

async function customDomainAlert(
  db: Executor,
  app: { projectId: string; domain: string; certificateId: string | null },
  now: Date,
): Promise<string | null> {
  const domain = app.domain.toLowerCase();
  const [chosen] = app.certificateId
    ? await db.select().from(certificates).where(eq(certificates.id, app.certificateId))
    : [];
  // Served as stored once it has its key; until then the proxy orders one for the domain.
  const servedAsPem = chosen?.certificatePem && chosen.privateKeySealed;
  const byProxy = servedAsPem ? undefined : await proxyRow(db, app.projectId, domain);
  const row = byProxy ?? chosen;
  return row ? alertFor(domain, row, now) : null;
}

/** The row proxy-certificates.ts keeps for a host name the edge proxy orders for. */
async function proxyRow(db: Executor, projectId: string, host: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.projectId, projectId),
        eq(certificates.domain, host),
        eq(certificates.proxyManaged, true),
      ),
    )
    .limit(1);
  return row;
}

/** The authority's own words stay on the certificate (derniere_erreur), not on the page. */
const AUTHORITY_ANSWER = / \(réponse de l'autorité : « .* »\)$/s;

export function alertFor(
  domain: string,
  row: Parameters<typeof effectiveStatus>[0],
  now = new Date(),
): string | null {
  const status = effectiveStatus(row, now);
  if (status === 'Expiré' && row.expiresAt) {
    return certificateAlertTexts.expired(domain, formatFrenchDate(row.expiresAt));
  }
  if (status === 'Échec') {
    const reason = row.lastError?.replace(/\.\s*$/, '').replace(AUTHORITY_ANSWER, '');
    return certificateAlertTexts.failed(domain, reason ? uncapitalized(reason) : undefined);
  }
  return null;
}
