import type { X509Certificate } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { emitQuietly } from '../../db/notification-events';
import { certificates } from '../../db/schema/certificates';
import { deployments } from '../../db/schema/deployments';
import { failureReason, type IssuanceFailure } from '../../engine/drivers/docker/edge/issuance-log';
import { platformHostname } from '../../engine/routing/hostnames';
import { hostnamePolicy } from '../../engine/routing/reserved-hosts';
import { domainHolderColumns, servedDomains } from '../../engine/routing/served-domains';
import { namesCover } from './domains';
import { chainToPem, commonNameOf, dnsNamesOf, notAfterOf, notBeforeOf } from './pem';
import { certificateTexts } from '@nuage/shared/messages/certificates';

/**
 * Docker runtime: the edge proxy orders, by ACME HTTP-01, the certificate of every custom
 * domain whose application has no certificate of its own ready to serve (none chosen, or a
 * Let's Encrypt one the platform has not obtained yet), and, with APPS_DOMAIN set, of every
 * application's platform hostname `<label>.<APPS_DOMAIN>` (engine/routing/edge-routes.ts). The
 * platform does not hold those keys; it records what the proxy really serves, so the
 * Certificats page and the application page tell the truth:
 *   - a row of type Let's Encrypt, mode 'proxy', per (project, host name) served that way
 *     (created here, removed once the proxy no longer orders for the name);
 *   - filled from a TLS handshake with the proxy (chain, issuer, dates, names) and from the
 *     proxy's log (the last failed attempt, as a French sentence in derniere_erreur).
 */

export const PROXY_ISSUANCE = 'proxy';

export interface ObservedHost {
  chain: X509Certificate[] | null;
  failure: IssuanceFailure | null;
}
export type HostObserver = (hosts: string[]) => Promise<Map<string, ObservedHost>>;

type Columns = Partial<typeof certificates.$inferInsert>;

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The row's columns for what is served for `domain` (no key: it stays in the proxy). */
export function servedColumns(domain: string, seen: ObservedHost | undefined, now: Date): Columns {
  const chain = seen?.chain ?? null;
  const leaf = chain?.[0];
  const names = leaf ? (dnsNamesOf(leaf) ?? []) : [];
  // A chain for another name (a fallback certificate) is not this domain's certificate.
  const served = leaf && namesCover(names, domain) ? leaf : null;
  const lastError = seen?.failure ? `${capitalized(failureReason(domain, seen.failure))}.` : null;
  if (!served) {
    return {
      privateKeySealed: null,
      status: lastError ? 'Échec' : 'En cours de renouvellement',
      certificatePem: null,
      expiresAt: null,
      notBefore: null,
      issuer: null,
      subjectAltNames: [],
      lastError,
    };
  }
  const expiresAt = notAfterOf(served);
  return {
    status: expiresAt.getTime() < now.getTime() ? 'Expiré' : 'Actif',
    privateKeySealed: null,
    certificatePem: chainToPem(chain!),
    expiresAt,
    notBefore: notBeforeOf(served),
    issuer: commonNameOf(served.issuer),
    subjectAltNames: names,
    lastError,
  };
}

const sameValues = (row: Record<string, unknown>, values: Columns) =>
  Object.entries(values).every(([k, v]) => {
    const current = row[k];
    if (v instanceof Date || current instanceof Date)
      return (current as Date | null)?.getTime() === (v as Date | null)?.getTime();
    return JSON.stringify(current) === JSON.stringify(v);
  });

/** A host name the proxy orders a certificate for, and the application it serves. */
interface OrderedHost {
  host: string;
  nom: string;
  projectId: string;
  /** The application's platform hostname (APPS_DOMAIN), not a custom domain. */
  platform: boolean;
}

/** Every host name the proxy orders a certificate for, by ACME, with its application. */
async function hostsOrderedByProxy(
  db: Database,
  appsDomain: string | undefined,
  publicUrl: string | undefined,
): Promise<OrderedHost[]> {
  // Only the custom domains the proxy serves (edge-routes.ts): verified, first claim.
  const served = servedDomains(
    await db.select(domainHolderColumns).from(deployments).where(isNotNull(deployments.domain)),
    hostnamePolicy({ appsDomain, publicUrl: publicUrl ?? '' }),
  );
  const apps = await db
    .select({
      id: deployments.id,
      nom: deployments.nom,
      projectId: deployments.projectId,
      hostLabel: deployments.hostLabel,
      // The chosen certificate is loaded into the proxy as PEM once it has its key.
      servedAsPem: sql<boolean>`coalesce(${certificates.privateKeySealed} is not null and ${certificates.certificatePem} is not null, false)`,
    })
    .from(deployments)
    .leftJoin(certificates, eq(certificates.id, deployments.certificateId))
    .where(
      appsDomain
        ? eq(deployments.desiredState, 'present')
        : and(eq(deployments.desiredState, 'present'), isNotNull(deployments.domain)),
    );
  const hosts: OrderedHost[] = [];
  for (const app of apps) {
    const base = { nom: app.nom, projectId: app.projectId };
    const platform = platformHostname(app.hostLabel, appsDomain);
    if (platform) hosts.push({ ...base, host: platform.toLowerCase(), platform: true });
    // A chosen certificate (uploaded, or ordered by the platform) is served as stored: its own
    // row already says what is served. The others are ordered by the proxy.
    const domain = served.get(app.id);
    if (domain && !app.servedAsPem) hosts.push({ ...base, host: domain, platform: false });
  }
  return hosts;
}

const descriptionOf = (h: OrderedHost) => certificateTexts.proxyOrdered(h.nom, h.platform);

/**
 * One pass: observe every host name the proxy orders for and write it down. Returns rows
 * changed. `appsDomain` (APPS_DOMAIN): the applications' platform hostnames are ordered too.
 */
export async function recordProxyCertificates(
  db: Database,
  observe: HostObserver,
  opts: {
    appsDomain?: string | undefined;
    publicUrl?: string;
    now?: Date;
    log?: { error(obj: object, msg: string): void };
  } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const byProxy = await hostsOrderedByProxy(db, opts.appsDomain, opts.publicUrl);
  const observed = byProxy.length
    ? await observe(byProxy.map((h) => h.host))
    : new Map<string, ObservedHost>();
  let changed = 0;
  /** Rows that failed in this pass (they were not failing before): their projects are told. */
  const failedNow: { projectId: string; domain: string; reason: string }[] = [];
  const failing = (projectId: string, domain: string, before: string | null, values: Columns) => {
    if (values.status === 'Échec' && before !== 'Échec')
      failedNow.push({ projectId, domain, reason: values.lastError ?? '' });
  };
  await db.transaction(async (tx) => {
    // Several API processes may run this pass: one writes at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('nuage-proxy-certificates'))`);
    const existing = await tx
      .select()
      .from(certificates)
      .where(eq(certificates.proxyManaged, true));
    const kept = new Set<string>();
    for (const app of byProxy) {
      const domain = app.host;
      const values = {
        ...servedColumns(domain, observed.get(domain), now),
        issuance: PROXY_ISSUANCE,
        nextAttemptAt: null,
      };
      const row = existing.find((r) => r.projectId === app.projectId && r.domain === domain);
      if (row) {
        if (kept.has(row.id)) continue; // the domain of two applications of the project
        kept.add(row.id);
        if (sameValues(row, values)) continue;
        failing(app.projectId, domain, row.status, values);
        await tx
          .update(certificates)
          .set({ ...values, updatedAt: now })
          .where(eq(certificates.id, row.id));
      } else {
        const [created] = await tx
          .insert(certificates)
          .values({
            ...values,
            projectId: app.projectId,
            nom: domain,
            domain,
            description: descriptionOf(app),
            type: 'letsencrypt',
            proxyManaged: true,
            status: values.status ?? 'En cours de renouvellement',
          })
          .returning();
        existing.push(created!);
        kept.add(created!.id);
        failing(app.projectId, domain, null, values);
      }
      changed++;
    }
    // Rows made here for names the proxy no longer orders for.
    const stale = existing.filter((r) => r.proxyManaged && !kept.has(r.id));
    if (stale.length) {
      await tx.delete(certificates).where(
        inArray(
          certificates.id,
          stale.map((r) => r.id),
        ),
      );
      changed += stale.length;
    }
  });
  // Issue 27: the proxy could not obtain it (it keeps trying on its own): told once per failure,
  // not at every pass while it lasts.
  for (const f of failedNow)
    await emitQuietly(db, opts.log ?? { error: () => undefined }, {
      projectId: f.projectId,
      type: 'certificate.failed',
      link: '/certificates',
      params: { domaine: f.domain, raison: f.reason },
    });
  return changed;
}
