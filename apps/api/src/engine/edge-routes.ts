import { eq, gt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { acmeChallenges } from '../db/schema/certificates';
import { deployments } from '../db/schema/deployments';
import type {
  EdgeChallengeSource,
  EdgeRouteInfo,
  EdgeRouteSource,
} from './drivers/docker/edge/routes';
import { localUrl } from './drivers/docker/edge/routes';
import { platformHostname } from './hostnames';
import type { CertificateLookup } from './spec-for-deployment';

/**
 * The docker runtime's routing table, from the database (issue 12), for every application
 * that exists:
 *   - its platform hostname: `<label>.<APPS_DOMAIN>` over HTTPS (ACME), or without
 *     APPS_DOMAIN `<label>.localhost` over plain HTTP, which browsers resolve to the host;
 *   - its custom domain (nom_de_domaine) over HTTPS: the certificate attached to the
 *     application when it has one (custom PEM or ordered by the platform), else one the
 *     proxy orders by ACME HTTP-01 with the platform's ACME settings.
 * application_url is the custom domain when set, else the platform hostname.
 */

type Ports = Pick<Config['edge'], 'httpPort' | 'httpsPort'>;

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
  config: Pick<Config, 'appsDomain' | 'edge'>,
): EdgeRouteSource {
  return async () => {
    const rows = await db
      .select({
        id: deployments.id,
        hostLabel: deployments.hostLabel,
        domain: deployments.domain,
        certificateId: deployments.certificateId,
      })
      .from(deployments)
      .where(eq(deployments.desiredState, 'present'));
    const routes: EdgeRouteInfo[] = [];
    for (const row of rows) {
      const url = applicationUrlFor(row, config.appsDomain, config.edge);
      const platform = platformHostname(row.hostLabel, config.appsDomain);
      const base = { deploymentId: row.id, url };
      routes.push({
        ...base,
        httpHosts: platform ? [] : [`${row.hostLabel}.localhost`],
        tlsHosts: platform ? [platform] : [],
        certificate: null,
      });
      if (row.domain) {
        // A second route for the custom domain: its own certificate, or ACME.
        const pem = row.certificateId ? await certificates(row.certificateId) : null;
        routes.push({ ...base, httpHosts: [], tlsHosts: [row.domain], certificate: pem });
      }
    }
    return routes;
  };
}

/** The pending (not expired) HTTP-01 answers of the platform's own ACME orders, all processes'. */
export function edgeChallengeSource(db: Database): EdgeChallengeSource {
  return () =>
    db
      .select({ token: acmeChallenges.token, keyAuthorization: acmeChallenges.keyAuthorization })
      .from(acmeChallenges)
      .where(gt(acmeChallenges.expiresAt, new Date()));
}
