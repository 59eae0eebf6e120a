import { parseAllowListEntry } from '@nuage/shared/ip-allow-list';
import { databasePublicTexts as t } from '@nuage/shared/messages/database-public';
import type { PublicAccessCa, PublicAccessInput } from '@nuage/shared/schemas/database-public';
import type { DatabaseResource } from '@nuage/shared/schemas/responses/databases';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { deployments } from '../../db/schema/deployments';
import { databaseSettings, databaseSettingsOf } from '../../engine/specs/database-settings';
import { sealSecrets, unsealSecrets } from '../../engine/specs/sealed-secrets';
import { conflict, FieldValidationError, notFound, type FieldIssue } from '../../lib/errors';
import { recordAudit } from '../audit/record';
import { authorizeDatabase } from './access';
import { publicOffer } from './public-presenter';
import { lockLive, nextGeneration, presentOne } from './service';
import { fingerprintOf, generateDatabaseTls } from './tls-certificate';

/**
 * A database's optional public endpoint (issue 25 item 2): project administrators turn it on
 * with an allow-list (never empty: 0.0.0.0/0 is the user's explicit choice) or off. The state is
 * the row's settings (`publicAccess`: its port and normalised sources); the runtime publishes it
 * at the next generation (docker: a host port on DATABASE_PUBLIC_ADDRESS and the network guard's
 * rules; Kubernetes: a LoadBalancer or NodePort Service). TLS material is made at the first
 * activation and kept (a client's CA file stays valid across off and on again).
 */

/** Every entry checked, in order; one French message per wrong entry. */
export function checkedSources(raw: string[]): string[] {
  const issues: FieldIssue[] = [];
  const kept: string[] = [];
  raw.forEach((entry, i) => {
    const loc = ['body', 'sources_autorisees', i];
    const parsed = parseAllowListEntry(entry);
    if ('kind' in parsed)
      issues.push({
        loc,
        type: 'source',
        msg:
          parsed.kind === 'invalid'
            ? t.sourceInvalid(parsed.entry)
            : t.sourceHostBits(parsed.entry, parsed.network),
      });
    else if (kept.includes(parsed.cidr))
      issues.push({ loc, type: 'source', msg: t.sourceDuplicate(entry.trim()) });
    else kept.push(parsed.cidr);
  });
  if (!raw.length)
    issues.push({ loc: ['body', 'sources_autorisees'], type: 'source', msg: t.sourcesRequired });
  if (issues.length) throw new FieldValidationError(issues);
  return kept;
}

/** One lock for the whole platform's ports: two activations never pick the same one. */
const PORTS_LOCK = sql`select pg_advisory_xact_lock(hashtext('nuage-database-public-ports'))`;

async function freePort(tx: Executor, range: { first: number; last: number }): Promise<number> {
  await tx.execute(PORTS_LOCK);
  const rows = await tx
    .select({ port: sql<string>`${deployments.settings} -> 'publicAccess' ->> 'port'` })
    .from(deployments)
    .where(
      and(
        eq(deployments.category, 'DATABASE'),
        sql`${deployments.settings} -> 'publicAccess' ->> 'port' is not null`,
      ),
    );
  const used = new Set(rows.map((r) => Number(r.port)));
  for (let port = range.first; port <= range.last; port++) if (!used.has(port)) return port;
  throw conflict(t.noPortLeft);
}

export async function setPublicAccess(
  ctx: AppContext,
  input: { databaseId: string; userId: string; data: PublicAccessInput },
): Promise<DatabaseResource> {
  const authorized = await authorizeDatabase(ctx.db, { ...input, need: 'admin' });
  const offer = publicOffer(ctx);
  const range = ctx.config.databasePublic?.ports;
  if (!offer.available || !range) throw conflict(t.disabled);
  const on = input.data.actif;
  const sources = on ? checkedSources(input.data.sources_autorisees ?? []) : [];
  const before = databaseSettingsOf(authorized.settings);
  if (!on && !before.publicAccess) throw conflict(t.alreadyOff);
  // Made outside the transaction (key generation takes a moment); used only when none exists.
  const hasTls = Boolean(
    unsealSecrets(ctx.secrets.secretsKey, authorized.secretsSealed).databaseTls,
  );
  const fresh =
    on && !hasTls
      ? await generateDatabaseTls({
          databaseName: authorized.nom,
          names: [before.host, ...(offer.host ? [offer.host] : [])],
        })
      : null;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const current = await lockLive(tx, authorized.id);
      const s = databaseSettingsOf(current.settings);
      const secrets = unsealSecrets(ctx.secrets.secretsKey, current.secretsSealed);
      const tls = secrets.databaseTls ?? fresh;
      const port = on ? (s.publicAccess?.port ?? (await freePort(tx, range))) : null;
      const publicAccess = port === null ? null : { port, sources };
      const event = !on ? t.disabledEvent : s.publicAccess ? t.changedEvent : t.enabledEvent(port!);
      const [updated] = await tx
        .update(deployments)
        .set({
          settings: databaseSettings({
            ...s,
            publicAccess,
            tlsCaFingerprint: tls ? fingerprintOf(tls.ca) : null,
          }),
          ...(tls && !secrets.databaseTls
            ? {
                secretsSealed: sealSecrets(ctx.secrets.secretsKey, {
                  ...secrets,
                  databaseTls: tls,
                }),
              }
            : {}),
          ...nextGeneration(event),
        })
        .where(eq(deployments.id, current.id))
        .returning();
      await recordAudit(tx, {
        projectId: current.projectId,
        action: 'database.public_access',
        target: { type: 'database', id: current.id, name: current.nom },
        details: { actif: on, port, sources_autorisees: sources },
      });
      return updated!;
    });
    ctx.log.info({ deploymentId: row.id, on }, 'database public access changed');
    ctx.engine.wake();
    return presentOne(ctx, row);
  } catch (err) {
    // Another platform process took the same port between our read and write (the index).
    if (isUniqueViolation(err)) throw conflict(t.noPortLeft);
    throw err;
  }
}

/** The CA a client verifies the server with (public: any member of the project). */
export async function publicAccessCa(
  ctx: AppContext,
  input: { databaseId: string; userId: string },
): Promise<PublicAccessCa> {
  const row = await authorizeDatabase(ctx.db, { ...input, need: 'user' });
  const tls = unsealSecrets(ctx.secrets.secretsKey, row.secretsSealed).databaseTls;
  if (!tls) throw notFound(t.noCertificate);
  return {
    nom_fichier: `${row.nom}-ca.pem`,
    certificat_pem: tls.ca,
    empreinte_sha256: fingerprintOf(tls.ca),
  };
}
