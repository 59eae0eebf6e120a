import { certificateMessages as m } from '@nuage/shared/schemas/certificates';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { deployments } from '../../db/schema/deployments';
import {
  hostnamePolicy,
  reservedBy,
  type HostnamePolicy,
  type ReservedBy,
} from '../../engine/routing/reserved-hosts';
import { recordAudit } from '../audit/record';
import { primaryName } from './domains';

/**
 * Which names a project may order a Let's Encrypt certificate for (issue 24). An order makes
 * the platform prove control of the names to the authority (HTTP-01 through the shared ingress
 * or edge proxy, whose address every tenant's domains point at, or DNS-01 in the platform's
 * zone), so any name a tenant types would be proved on its behalf: another tenant's domain, an
 * application's platform host. So a project orders only for a name it holds and has proved
 * itself: a verified custom domain of one of its applications (modules/dns); a wildcard `*.x`
 * needs x (who proved control of x's DNS controls the names below it). The platform's own
 * names (APPS_DOMAIN and below, .localhost, PUBLIC_URL's host) are never ordered this way, nor
 * a wildcard covering one of them.
 */

export type OrderRefusal = { reason: string; message: string };

const atOrUnder = (name: string, suffix: string) => name === suffix || name.endsWith(`.${suffix}`);
/** `*.domain` covers `name`: exactly one label below domain. */
const wildcardCovers = (domain: string, name: string) =>
  name.endsWith(`.${domain}`) && !name.slice(0, -domain.length - 1).includes('.');

function reservedFor(domain: string, wildcard: boolean, policy: HostnamePolicy): ReservedBy | null {
  const own = reservedBy(domain, policy);
  if (own || !wildcard) return own;
  if (atOrUnder('localhost', domain)) return 'localhost';
  if (policy.appsDomain && wildcardCovers(domain, policy.appsDomain)) return 'apps_domain';
  if (policy.platformHost && wildcardCovers(domain, policy.platformHost)) return 'platform';
  return null;
}

/** Does the project hold `domain` as a verified custom domain of one of its applications? */
export async function projectHoldsDomain(
  db: Executor,
  projectId: string,
  domain: string,
): Promise<boolean> {
  const [held] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(
      and(
        eq(deployments.projectId, projectId),
        eq(deployments.desiredState, 'present'),
        isNotNull(deployments.domainVerifiedAt),
        sql`lower(rtrim(${deployments.domain}, '.')) = ${domain}`,
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Why `domain` (a wildcard when `wildcard`) may not be ordered by the project, or null. */
export async function orderRefusal(
  ctx: AppContext,
  order: { projectId: string; domain: string; wildcard: boolean },
): Promise<OrderRefusal | null> {
  const name = primaryName(order.domain, order.wildcard);
  const reserved = reservedFor(order.domain, order.wildcard, hostnamePolicy(ctx.config));
  if (reserved) return { reason: `reserve_${reserved}`, message: m.orderReserved(name) };
  if (!(await projectHoldsDomain(ctx.db, order.projectId, order.domain)))
    return { reason: 'non_verifie', message: m.orderNotHeld(name, order.domain) };
  return null;
}

/**
 * A refused order in the project's audit log (the caller is one of its developers) and in the
 * operators' log. Outside any transaction: the refusal itself writes nothing else.
 */
export async function auditRefusedOrder(
  ctx: AppContext,
  order: { projectId: string; domain: string; wildcard: boolean; certificateId?: string },
  refusal: OrderRefusal,
): Promise<void> {
  const name = primaryName(order.domain, order.wildcard);
  ctx.log.warn(
    { projectId: order.projectId, domain: name, reason: refusal.reason },
    "let's encrypt order refused",
  );
  await recordAudit(ctx.db, {
    projectId: order.projectId,
    action: 'certificate.refused',
    target: { type: 'certificate', id: order.certificateId ?? null, name },
    details: { domaine: name, raison: refusal.reason },
  }).catch((err: unknown) => ctx.log.error({ err }, 'audit entry not recorded'));
}
