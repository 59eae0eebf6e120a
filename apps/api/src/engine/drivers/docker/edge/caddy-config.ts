import { edgeProxyTexts } from '@nuage/shared/messages/runtime';
/**
 * The edge proxy's whole configuration as Caddy 2 JSON (loaded with POST /load, which Caddy
 * applies gracefully: connections in flight finish on the old configuration). Pure: built
 * from the routing table the platform keeps (routes.ts) and the replicas that are ready.
 *
 *   server "http"   :80   plain-HTTP hosts (`<label>.localhost` without APPS_DOMAIN), ACME
 *                         HTTP-01 answers (Caddy's own orders and the platform's, table
 *                         acme_challenges) and the redirects to HTTPS of TLS hosts
 *   server "https"  :443  TLS hosts: a loaded PEM certificate when the application has one,
 *                         else one Caddy orders by ACME (HTTP-01) with the platform's settings
 *   server "drain"  a unix socket nobody connects to, naming the replicas just taken out of
 *                   the routes while their requests in flight finish (see drainServer)
 */

export interface EdgeRoute {
  deploymentId: string;
  /** Hosts served over plain HTTP only. */
  httpHosts: string[];
  /** Hosts served over HTTPS (HTTP redirects there). */
  tlsHosts: string[];
  /** `container:port` of each replica to send traffic to (over the environment's network). */
  upstreams: string[];
  /** PEMs for tlsHosts; null = ordered by ACME. */
  certificate: { certificatePem: string; privateKeyPem: string } | null;
}

export interface EdgeSettings {
  /** Where the Caddy admin API listens inside the proxy container. */
  adminListen: string;
  /** Host header the admin API accepts (its `origins`). */
  adminOrigin: string;
  /** ACME directory (the platform's ACME_DIRECTORY_URL); unset = Let's Encrypt. */
  acmeDirectoryUrl?: string;
  acmeEmail?: string;
  /** PEM roots to trust for the ACME directory, as a path inside the proxy container. */
  acmeTrustedRootsFile?: string;
  /** The host port HTTPS is published on (redirects name it when it is not 443). */
  publicHttpsPort: number;
  /** Where the drain server listens inside the proxy container (a unix socket). */
  drainListen?: string;
  /** Where Caddy writes the access log the traffic metrics read (access-log.ts); unset = none. */
  accessLogFile?: string;
}

/** Size at which the access log is rolled over, and how many rolled files are kept. */
export const ACCESS_LOG_ROLL = { sizeMb: 10, keep: 1 } as const;

/**
 * Caddy's access log as the traffic metrics need it (access-log.ts reads it): one JSON line
 * per request, stripped of everything but the time, host, status and duration (no address,
 * no path or query, no header: nothing personal or secret lands on disk), rolled over at
 * 10 MB with one older file kept, so it never takes more than about 20 MB.
 */
function accessLog(file: string): object {
  const deleted = [
    'request>remote_ip',
    'request>remote_port',
    'request>client_ip',
    'request>uri',
    'request>headers',
    'request>tls',
    'request>proto',
    'resp_headers',
    'user_id',
    'bytes_read',
    'common_log',
  ];
  return {
    writer: {
      output: 'file',
      filename: file,
      roll: true,
      roll_size_mb: ACCESS_LOG_ROLL.sizeMb,
      roll_keep: ACCESS_LOG_ROLL.keep,
      roll_keep_days: 2,
    },
    encoder: {
      format: 'filter',
      wrap: { format: 'json' },
      fields: Object.fromEntries(deleted.map((f) => [f, { filter: 'delete' }])),
    },
    level: 'INFO',
    include: ['http.log.access'],
  };
}

/** A pending HTTP-01 answer of an order the platform placed itself (table acme_challenges). */
export interface AcmeAnswer {
  /** base64url (RFC 8555 §8.3; the issuer stores nothing else). */
  token: string;
  keyAuthorization: string;
}

/**
 * RFC 8555 §8.3: a token is base64url, a key authorization `token.thumbprint`. Nothing else is
 * put in the configuration: no `{placeholder}` Caddy would expand, no path to escape.
 */
const TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const KEY_AUTHORIZATION = /^[A-Za-z0-9_-]{1,256}\.[A-Za-z0-9_-]{1,256}$/;

/**
 * The platform's own HTTP-01 answers, served by the proxy (it owns port 80, the authority
 * never reaches the API). Caddy's automatic-HTTPS handler answers only the tokens of Caddy's
 * own orders and lets the others through to these routes.
 */
function challengeRoutes(answers: AcmeAnswer[]): unknown[] {
  return answers
    .filter((a) => TOKEN.test(a.token) && KEY_AUTHORIZATION.test(a.keyAuthorization))
    .sort((a, b) => a.token.localeCompare(b.token))
    .map((a) => ({
      // Caddy's path matcher ignores case; tokens carry 128+ random bits, no two differ by case only.
      match: [{ path: [`/.well-known/acme-challenge/${a.token}`] }],
      handle: [
        {
          handler: 'static_response',
          status_code: 200,
          headers: {
            'Content-Type': ['text/plain; charset=utf-8'],
            'Cache-Control': ['no-store'],
          },
          body: a.keyAuthorization,
        },
      ],
      terminal: true,
    }));
}

const NOT_FOUND = {
  handle: [
    {
      handler: 'static_response',
      status_code: 404,
      headers: { 'Content-Type': ['text/plain; charset=utf-8'] },
      body: edgeProxyTexts.noApplication,
    },
  ],
};

const UNAVAILABLE = edgeProxyTexts.unavailable;

function handler(route: EdgeRoute): unknown[] {
  if (!route.upstreams.length) {
    return [
      {
        handler: 'static_response',
        status_code: 503,
        headers: { 'Content-Type': ['text/plain; charset=utf-8'], 'Retry-After': ['5'] },
        body: UNAVAILABLE,
      },
    ];
  }
  return [
    {
      handler: 'reverse_proxy',
      upstreams: route.upstreams.map((dial) => ({ dial })),
      // A replica being stopped refuses connections: the request is retried on another one
      // (try_duration), and the replica is set aside for a while (passive health check), so
      // nothing is lost while replicas are replaced. No active probes: nothing in the app logs.
      load_balancing: {
        selection_policy: { policy: 'round_robin' },
        try_duration: '10s',
        try_interval: '250ms',
      },
      health_checks: { passive: { fail_duration: '5s', max_fails: 1 } },
      // A replica that vanished does not answer at all: give up on it quickly and retry.
      transport: { protocol: 'http', dial_timeout: '2s' },
    },
  ];
}

function routesFor(routes: EdgeRoute[], hostsOf: (r: EdgeRoute) => string[]): unknown[] {
  return routes
    .filter((r) => hostsOf(r).length)
    .map((r) => ({
      match: [{ host: hostsOf(r) }],
      handle: handler(r),
      terminal: true,
    }));
}

/**
 * Caddy counts the requests in flight to each upstream address (`/reverse_proxy/upstreams`),
 * but forgets an address as soon as no loaded route names it, even while requests the previous
 * configuration sent there are still being answered. A replica taken out of the routes is named
 * here until those requests are done (edge-router.ts drain), so its count stays readable and
 * its stop waits for them. Nothing reaches this server: it listens on a socket in the proxy's
 * admin directory only.
 */
function drainServer(listen: string, draining: string[]): unknown {
  return {
    listen: [listen],
    routes: [
      { handle: [{ handler: 'reverse_proxy', upstreams: draining.map((dial) => ({ dial })) }] },
    ],
    automatic_https: { disable: true },
  };
}

export function buildCaddyConfig(
  routes: EdgeRoute[],
  settings: EdgeSettings,
  answers: AcmeAnswer[] = [],
  draining: string[] = [],
): object {
  const sorted = [...routes].sort((a, b) => a.deploymentId.localeCompare(b.deploymentId));
  const httpRoutes = routesFor(sorted, (r) => r.httpHosts);
  const tlsRoutes = routesFor(sorted, (r) => r.tlsHosts);
  const pem = sorted.filter((r) => r.certificate && r.tlsHosts.length);
  const acmeHosts = sorted.filter((r) => !r.certificate).flatMap((r) => r.tlsHosts);

  const tlsHosts = sorted.flatMap((r) => r.tlsHosts);
  const port = settings.publicHttpsPort === 443 ? '' : `:${settings.publicHttpsPort}`;
  const redirect = tlsHosts.length
    ? [
        {
          match: [{ host: tlsHosts }],
          handle: [
            {
              handler: 'static_response',
              status_code: 308,
              headers: { Location: [`https://{http.request.host}${port}{http.request.uri}`] },
            },
          ],
          terminal: true,
        },
      ]
    : [];
  // `logs: {}` turns on the access log of every host (to the `http.log.access` logger).
  const accessLogged = settings.accessLogFile ? { logs: {} } : {};
  const servers: Record<string, unknown> = {
    http: {
      listen: [':80'],
      // The platform's pending HTTP-01 answers (any host: a token names one order), then
      // plain-HTTP hosts, then TLS hosts redirected to HTTPS (Caddy answers its own ACME
      // challenges before any route), then a French 404 for unknown hosts.
      routes: [...challengeRoutes(answers), ...httpRoutes, ...redirect, NOT_FOUND],
      automatic_https: { disable_redirects: true, skip: sorted.flatMap((r) => r.httpHosts) },
      ...accessLogged,
    },
  };
  if (draining.length && settings.drainListen) {
    servers.drain = drainServer(settings.drainListen, [...draining].sort());
  }
  if (tlsRoutes.length) {
    servers.https = {
      listen: [':443'],
      routes: [...tlsRoutes, NOT_FOUND],
      tls_connection_policies: [{}],
      automatic_https: { disable_redirects: true },
      ...accessLogged,
    };
  }
  const issuer = {
    module: 'acme',
    ...(settings.acmeDirectoryUrl ? { ca: settings.acmeDirectoryUrl } : {}),
    ...(settings.acmeEmail ? { email: settings.acmeEmail } : {}),
    ...(settings.acmeTrustedRootsFile
      ? { trusted_roots_pem_files: [settings.acmeTrustedRootsFile] }
      : {}),
    // HTTP-01 only: the proxy owns port 80; TLS-ALPN would need 443 reachable as well.
    challenges: { 'tls-alpn': { disabled: true } },
  };
  return {
    admin: { listen: settings.adminListen, origins: [settings.adminOrigin] },
    // The proxy's own log (container output): errors and certificate issuance; the access log
    // goes to its own rolled file, never there.
    logging: {
      logs: settings.accessLogFile
        ? {
            default: { level: 'INFO', exclude: ['http.log.access'] },
            access: accessLog(settings.accessLogFile),
          }
        : { default: { level: 'INFO' } },
    },
    apps: {
      http: { http_port: 80, https_port: 443, servers },
      tls: {
        ...(pem.length
          ? {
              certificates: {
                load_pem: pem.map((r) => ({
                  certificate: r.certificate!.certificatePem,
                  key: r.certificate!.privateKeyPem,
                  tags: [`app-${r.deploymentId}`],
                })),
              },
            }
          : {}),
        automation: {
          policies: [...(acmeHosts.length ? [{ subjects: acmeHosts, issuers: [issuer] }] : [])],
        },
      },
    },
  };
}
