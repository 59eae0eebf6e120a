import { asc, gt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { acmeChallenges } from '../../db/schema/certificates';
import { deployments } from '../../db/schema/deployments';
import type {
  EdgeChallengeSource,
  EdgeRouteInfo,
  EdgeRouteSource,
} from '../drivers/docker/edge/routes';
import type { EdgeOptions } from '../drivers/docker/edge/edge-proxy';
import { localUrl } from '../drivers/docker/edge/routes';
import { scopeCertificatesToOwnHosts, type ProjectRoute } from './edge-certificate-scope';
import { platformHostname } from './hostnames';
import { hostnamePolicy } from './reserved-hosts';
import { domainHolderColumns, servedDomains } from './served-domains';
import type { CertificateLookup } from '../specs/spec-for-deployment';

/**
 * The docker runtime's routing table, from the database (issue 12), for every application
 * that exists:
 *   - its platform hostname: `<label>.<APPS_DOMAIN>` over HTTPS (ACME), or without
 *     APPS_DOMAIN `<label>.localhost` over plain HTTP, which browsers resolve to the host;
 *   - its custom domain (nom_de_domaine) over HTTPS, once served (served-domains.ts: verified,
 *     not the platform's, first claim): the certificate attached to the application when it
 *     has one (custom PEM or ordered by the platform) and it names no other project's host
 *     (edge-certificate-scope.ts), else one the proxy orders by ACME HTTP-01 with the
 *     platform's ACME settings.
 * application_url is the custom domain when set, else the platform hostname.
 */

type Ports = Pick<EdgeOptions, 'httpPort' | 'httpsPort'>;

const withPort = (scheme: 'http' | 'https', host: string, port: number) =>
  `${scheme}://${host}${port === (scheme === 'http' ? 80 : 443) ? '' : `:${port}`}`;

/** What a browser opens for an application. */
export function applicationUrlFor(
  row: { hostLabel: string; domain: string | null },
  appsDomain: string | undefined,
  ports: Ports,
): string {
  if (row.domain) return withPort('https', row.domain, ports.httpsPort);
  const platform = platformHostname(row.hostLabel, appsDomain);
  return platform
    ? withPort('https', platform, ports.httpsPort)
    : localUrl(row.hostLabel, ports.httpPort);
}

export function edgeRouteSource(
  db: Database,
  certificates: CertificateLookup,
  config: { appsDomain: string | undefined; publicUrl: string; edge: Ports },
): EdgeRouteSource {
  const policy = hostnamePolicy(config);
  return async () => {
    // Deleting applications too: a name they hold stays theirs until their objects are gone.
    const rows = await db
      .select({
        ...domainHolderColumns,
        projectId: deployments.projectId,
        hostLabel: deployments.hostLabel,
        certificateId: deployments.certificateId,
        desiredState: deployments.desiredState,
      })
      .from(deployments)
      // A database of an environment (issue 25) is internal: no hostname, no route.
      .where(ne(deployments.category, 'DATABASE'))
      .orderBy(asc(deployments.createdAt), asc(deployments.id));
    const served = servedDomains(rows, policy);
    const present = rows.filter((r) => r.desiredState === 'present');
    const platformRoutes: ProjectRoute[] = [];
    const domainRoutes: ProjectRoute[] = [];
    for (const row of present) {
      const domain = served.get(row.id) ?? null;
      const url = applicationUrlFor(
        { hostLabel: row.hostLabel, domain },
        config.appsDomain,
        config.edge,
      );
      const platform = platformHostname(row.hostLabel, config.appsDomain);
      const base = { deploymentId: row.id, url, projectId: row.projectId };
      platformRoutes.push({
        ...base,
        httpHosts: platform ? [] : [`${row.hostLabel}.localhost`],
        tlsHosts: platform ? [platform] : [],
        certificate: null,
      });
      if (domain) {
        // A second route for the custom domain: its own certificate, or ACME.
        const pem = row.certificateId ? await certificates(row.certificateId) : null;
        domainRoutes.push({ ...base, httpHosts: [], tlsHosts: [domain], certificate: pem });
      }
    }
    // Platform hosts first (oldest application first), then custom domains (earliest claim);
    // a chosen certificate is loaded only if it names no host of another project.
    return scopeCertificatesToOwnHosts(oneOwnerPerHost([...platformRoutes, ...domainRoutes]));
  };
}

/**
 * The last guard before the proxy's table: a host listed by several routes stays with the first
 * (routes come in order of precedence) and is taken from the others, so the proxy never has two
 * owners for one host whatever the rows held. A route left without hosts is dropped.
 */
export function oneOwnerPerHost<R extends EdgeRouteInfo>(routes: R[]): R[] {
  const taken = new Set<string>();
  const keep = (hosts: string[]) =>
    hosts.filter((h) => {
      const host = h.toLowerCase();
      if (taken.has(host)) return false;
      taken.add(host);
      return true;
    });
  return routes
    .map((r) => ({ ...r, httpHosts: keep(r.httpHosts), tlsHosts: keep(r.tlsHosts) }))
    .filter((r) => r.httpHosts.length + r.tlsHosts.length > 0);
}

/** The pending (not expired) HTTP-01 answers of the platform's own ACME orders, all processes'. */
export function edgeChallengeSource(db: Database): EdgeChallengeSource {
  return () =>
    db
      .select({ token: acmeChallenges.token, keyAuthorization: acmeChallenges.keyAuthorization })
      .from(acmeChallenges)
      .where(gt(acmeChallenges.expiresAt, new Date()));
}
