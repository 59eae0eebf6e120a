import { describe, expect, it } from 'vitest';
import { buildCaddyConfig, type EdgeRoute } from './caddy-config';

const settings = {
  adminListen: 'unix//run/nuagedeploy-edge/admin.sock',
  adminOrigin: 'nuagedeploy-edge',
  publicHttpsPort: 443,
  acmeDirectoryUrl: 'https://pebble.test:14000/dir',
  acmeTrustedRootsFile: '/etc/nuagedeploy/extra-ca.pem',
};
const PEM = {
  certificatePem: '-----BEGIN CERTIFICATE-----x',
  privateKeyPem: '-----BEGIN KEY-----y',
};

const local: EdgeRoute = {
  deploymentId: 'a',
  httpHosts: ['blog-prod-shop.localhost'],
  tlsHosts: [],
  upstreams: ['10.89.0.5:80', '10.89.0.6:80'],
  certificate: null,
};
const custom: EdgeRoute = {
  deploymentId: 'b',
  httpHosts: [],
  tlsHosts: ['www.boutique.fr'],
  upstreams: ['10.89.1.2:80'],
  certificate: PEM,
};
const acme: EdgeRoute = {
  deploymentId: 'c',
  httpHosts: [],
  tlsHosts: ['site-prod-x.apps.example.com'],
  upstreams: [],
  certificate: null,
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('buildCaddyConfig', () => {
  const config = buildCaddyConfig([acme, custom, local], settings) as Json;
  const servers = config.apps.http.servers;

  it('serves local hosts over plain HTTP, balanced over the replicas on the network', () => {
    const route = servers.http.routes[0];
    expect(route.match).toEqual([{ host: ['blog-prod-shop.localhost'] }]);
    expect(route.handle[0].handler).toBe('reverse_proxy');
    expect(route.handle[0].upstreams).toEqual([{ dial: '10.89.0.5:80' }, { dial: '10.89.0.6:80' }]);
    expect(servers.http.automatic_https.skip).toEqual(['blog-prod-shop.localhost']);
  });

  it('redirects TLS hosts to HTTPS and answers unknown hosts with a French 404', () => {
    const [, redirect, notFound] = servers.http.routes;
    expect([...redirect.match[0].host].sort()).toEqual([
      'site-prod-x.apps.example.com',
      'www.boutique.fr',
    ]);
    expect(redirect.handle[0].status_code).toBe(308);
    expect(notFound.handle[0]).toMatchObject({ status_code: 404 });
    expect(notFound.handle[0].body).toContain('Aucune application');
  });

  it('loads a custom PEM for its domain and orders the others by ACME HTTP-01 from the platform directory', () => {
    expect(config.apps.tls.certificates.load_pem).toEqual([
      { certificate: PEM.certificatePem, key: PEM.privateKeyPem, tags: ['app-b'] },
    ]);
    const [policy] = config.apps.tls.automation.policies;
    expect(policy.subjects).toEqual(['site-prod-x.apps.example.com']);
    expect(policy.issuers).toEqual([
      {
        module: 'acme',
        ca: settings.acmeDirectoryUrl,
        trusted_roots_pem_files: [settings.acmeTrustedRootsFile],
        challenges: { 'tls-alpn': { disabled: true } },
      },
    ]);
  });

  it('names the ACME account e-mail (ACME_EMAIL) when one is set', () => {
    const withEmail = buildCaddyConfig([acme], {
      ...settings,
      acmeEmail: 'ops@exemple.sn',
    }) as Json;
    expect(withEmail.apps.tls.automation.policies[0].issuers[0].email).toBe('ops@exemple.sn');
  });

  it('answers 503 in French while an application has no ready replica', () => {
    const route = servers.https.routes.find(
      (r: Json) => r.match[0].host[0] === 'site-prod-x.apps.example.com',
    );
    expect(route.handle[0]).toMatchObject({ handler: 'static_response', status_code: 503 });
    expect(route.handle[0].body).toContain('Application indisponible');
  });

  it('keeps the admin API on its socket, with its Host check', () => {
    expect(config.admin).toEqual({ listen: settings.adminListen, origins: ['nuagedeploy-edge'] });
  });

  it('names draining replicas on a socket-only server, and only while some drain', () => {
    const drainListen = 'unix//run/nuagedeploy-edge/drain.sock';
    const drained = (
      buildCaddyConfig([local], { ...settings, drainListen }, [], ['10.89.0.9:80']) as Json
    ).apps as Json;
    const drain = drained.http.servers.drain;
    expect(drain.listen).toEqual([drainListen]);
    expect(drain.routes).toEqual([
      { handle: [{ handler: 'reverse_proxy', upstreams: [{ dial: '10.89.0.9:80' }] }] },
    ]);
    expect(drain.automatic_https).toEqual({ disable: true });
    // Not routed to by any host.
    expect(JSON.stringify(drained.http.servers.http)).not.toContain('10.89.0.9');
    const idle = (buildCaddyConfig([local], { ...settings, drainListen }) as Json).apps as Json;
    expect(idle.http.servers.drain).toBeUndefined();
  });

  it('writes an access log of every host, stripped and rolled over, apart from its own log', () => {
    const logged = buildCaddyConfig([acme, local], {
      ...settings,
      accessLogFile: '/run/nuagedeploy-edge/access.log',
    }) as Json;
    expect(logged.apps.http.servers.http.logs).toEqual({});
    expect(logged.apps.http.servers.https.logs).toEqual({});
    const { access, default: own } = logged.logging.logs;
    expect(own.exclude).toEqual(['http.log.access']);
    expect(access.include).toEqual(['http.log.access']);
    expect(access.writer).toMatchObject({
      output: 'file',
      filename: '/run/nuagedeploy-edge/access.log',
      roll_size_mb: 10,
      roll_keep: 1,
    });
    const deleted = Object.keys(access.encoder.fields);
    for (const field of ['request>remote_ip', 'request>uri', 'request>headers', 'resp_headers'])
      expect(deleted).toContain(field);
    // Without a file: no access log at all.
    expect(config.apps.http.servers.http.logs).toBeUndefined();
    expect(config.logging.logs.access).toBeUndefined();
  });

  it('is the same table whatever the order of the routes (no reload for nothing)', () => {
    expect(JSON.stringify(buildCaddyConfig([local, custom, acme], settings))).toBe(
      JSON.stringify(config),
    );
  });

  it("serves the platform's own HTTP-01 answers on port 80 before every other route", () => {
    const answers = [
      { token: 'tok-B_2', keyAuthorization: 'tok-B_2.thumb-print_1' },
      { token: 'tok-A_1', keyAuthorization: 'tok-A_1.thumb-print_1' },
    ];
    const http = (buildCaddyConfig([acme, custom, local], settings, answers) as Json).apps.http
      .servers.http;
    const [first, second, ...rest] = http.routes;
    expect(first).toEqual({
      match: [{ path: ['/.well-known/acme-challenge/tok-A_1'] }],
      handle: [
        {
          handler: 'static_response',
          status_code: 200,
          headers: {
            'Content-Type': ['text/plain; charset=utf-8'],
            'Cache-Control': ['no-store'],
          },
          body: 'tok-A_1.thumb-print_1',
        },
      ],
      terminal: true,
    });
    expect(second.match).toEqual([{ path: ['/.well-known/acme-challenge/tok-B_2'] }]);
    expect(second.handle[0].body).toBe('tok-B_2.thumb-print_1');
    // Then the same routes as without answers: the local host, the redirect, the 404.
    expect(rest).toEqual(servers.http.routes);
    // The HTTPS server is untouched: the authority validates HTTP-01 on port 80 only.
    expect(JSON.stringify(servers.https)).not.toContain('acme-challenge');
  });

  it('puts nothing but base64url tokens and key authorizations in the configuration', () => {
    const answers = [
      { token: '../admin', keyAuthorization: '../admin.x' },
      { token: 'ok', keyAuthorization: '{env.SECRET}' },
      { token: 'a*', keyAuthorization: 'a*.x' },
      { token: 'good', keyAuthorization: 'good.thumb' },
    ];
    const routes = (buildCaddyConfig([], settings, answers) as Json).apps.http.servers.http.routes;
    const challenges = routes.filter((r: Json) => r.match?.[0]?.path);
    expect(challenges.map((r: Json) => r.match[0].path[0])).toEqual([
      '/.well-known/acme-challenge/good',
    ]);
  });
});
