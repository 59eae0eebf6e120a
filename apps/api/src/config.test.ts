import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('APPS_DOMAIN', () => {
  it('is optional, and lower-cased when set', () => {
    expect(loadConfig({}).appsDomain).toBeUndefined();
    expect(loadConfig({ APPS_DOMAIN: '' }).appsDomain).toBeUndefined();
    expect(loadConfig({ APPS_DOMAIN: 'Apps.Example.COM' }).appsDomain).toBe('apps.example.com');
  });

  it.each([
    'https://apps.example.com',
    'apps.example.com:443',
    'localhost',
    '*.apps.example.com',
    'apps..example.com',
    'apps.example.com/',
  ])('refuses %s at start, naming the variable', (value) => {
    expect(() => loadConfig({ APPS_DOMAIN: value })).toThrow(ConfigError);
    expect(() => loadConfig({ APPS_DOMAIN: value })).toThrow(/APPS_DOMAIN/);
  });
});

describe('IMAGE_OVERRIDES', () => {
  it('maps catalogue images to the operator’s references', () => {
    expect(
      loadConfig({ IMAGE_OVERRIDES: 'docker.io/library/mariadb:10.11=mirror.local/mariadb:10.11' })
        .imageOverrides,
    ).toEqual(new Map([['docker.io/library/mariadb:10.11', 'mirror.local/mariadb:10.11']]));
    expect(loadConfig({}).imageOverrides.size).toBe(0);
  });

  it('refuses a malformed entry, naming the variable', () => {
    expect(() => loadConfig({ IMAGE_OVERRIDES: 'mariadb' })).toThrow(
      /IMAGE_OVERRIDES: "mariadb" is not image=replacement/,
    );
  });
});

describe('Kubernetes settings', () => {
  it('reach the renderer: APPS_DOMAIN, its TLS, the issuer, the ingress namespace, denied CIDRs, the account', () => {
    const config = loadConfig({
      APPS_DOMAIN: 'apps.exemple.sn',
      K8S_APPS_DOMAIN_TLS: 'cert-manager',
      CERT_MANAGER_CLUSTER_ISSUER: 'letsencrypt',
      K8S_INGRESS_NAMESPACE: 'traefik',
      K8S_EGRESS_DENIED_CIDRS: '10.0.0.0/8,fd00::/8',
      K8S_SERVICE_ACCOUNT: 'plateforme/moteur',
      K8S_RESYNC_MINUTES: '15',
      K8S_ROLLOUT_TIMEOUT_SECONDS: '600',
    });
    expect(config.kubernetes).toMatchObject({
      appsDomain: 'apps.exemple.sn',
      appsDomainTls: 'cert-manager',
      clusterIssuer: 'letsencrypt',
      ingressNamespace: 'traefik',
      egressDeniedCidrs: ['10.0.0.0/8', 'fd00::/8'],
      platformAccount: { namespace: 'plateforme', name: 'moteur' },
      rolloutDeadlineSeconds: 600,
    });
    expect(config.kubernetesResyncMs).toBe(15 * 60_000);
    expect(loadConfig({}).kubernetes).toMatchObject({
      appsDomainTls: 'none',
      ingressNamespace: 'ingress-nginx',
      rolloutDeadlineSeconds: 180,
    });
  });

  it('refuses cert-manager TLS without a ClusterIssuer, and malformed values', () => {
    expect(() => loadConfig({ K8S_APPS_DOMAIN_TLS: 'cert-manager' })).toThrow(
      /CERT_MANAGER_CLUSTER_ISSUER/,
    );
    expect(() => loadConfig({ K8S_SERVICE_ACCOUNT: 'moteur' })).toThrow(ConfigError);
    expect(() => loadConfig({ K8S_ROLLOUT_TIMEOUT_SECONDS: '5' })).toThrow(ConfigError);
    expect(() => loadConfig({ K8S_EGRESS_DENIED_CIDRS: '10.0.0.0/8; rm -rf' })).toThrow(
      ConfigError,
    );
  });
});

describe('network guard egress settings (docker runtime)', () => {
  it('default to no private network, nothing allowed, the edge ports reachable, the usual chains', () => {
    const guard = loadConfig({ EDGE_HTTP_PORT: '8081' }).networkGuard;
    expect(guard.chainPrefix).toBe('NUAGE-ISOLATION');
    expect(guard.egress).toEqual({
      privateNetworks: 'block',
      allowCidrs: [],
      publicPorts: [8081, 443],
    });
  });

  it('take allowed CIDRs (a bare address is a /32) and the private-range switch', () => {
    const guard = loadConfig({
      EGRESS_ALLOW_CIDRS: ' 192.168.10.0/24, 10.0.5.20 ,',
      EGRESS_PRIVATE_NETWORKS: 'allow',
      NETWORK_GUARD_CHAINS: 'E2E-ndwp-1a2b3c',
    }).networkGuard;
    expect(guard.egress).toMatchObject({
      privateNetworks: 'allow',
      allowCidrs: ['192.168.10.0/24', '10.0.5.20/32'],
    });
    expect(guard.chainPrefix).toBe('E2E-ndwp-1a2b3c');
  });

  it.each(['10.0.0.0/33', '10.0.0.300/24', 'lan.example.com', '10.0.0.0/8 -j ACCEPT', 'fd00::/8'])(
    'refuses EGRESS_ALLOW_CIDRS=%s at start, in French and English, naming the entry',
    (value) => {
      expect(() => loadConfig({ EGRESS_ALLOW_CIDRS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ EGRESS_ALLOW_CIDRS: `192.168.1.0/24,${value}` })).toThrow(
        new RegExp(
          `EGRESS_ALLOW_CIDRS doit lister .*« ${value.replace(/[.*/]/g, '\\$&')} ».*must list`,
        ),
      );
    },
  );

  it('refuses other values of EGRESS_PRIVATE_NETWORKS and chain prefixes iptables would not take', () => {
    expect(() => loadConfig({ EGRESS_PRIVATE_NETWORKS: 'off' })).toThrow(
      /EGRESS_PRIVATE_NETWORKS doit valoir block ou allow/,
    );
    expect(() => loadConfig({ NETWORK_GUARD_CHAINS: 'A'.repeat(24) })).toThrow(
      /NETWORK_GUARD_CHAINS doit être un préfixe/,
    );
    expect(() => loadConfig({ NETWORK_GUARD_CHAINS: 'a b' })).toThrow(ConfigError);
  });
});

describe('notification timings (issue 27)', () => {
  it('keep production defaults: 5 min window, 2 min « rétabli », 2 min lease, 1 min checks', () => {
    expect(loadConfig({}).notificationTiming).toEqual({
      crashLoopWindowMs: 300_000,
      crashLoopRecoveredMs: 120_000,
      observeRunningMs: 30_000,
      leaseMs: 120_000,
      operatorCheckMs: 60_000,
    });
    expect(
      loadConfig({ CRASH_LOOP_RECOVERED_SECONDS: '15', NOTIFY_LEASE_SECONDS: '15' })
        .notificationTiming,
    ).toMatchObject({ crashLoopRecoveredMs: 15_000, leaseMs: 15_000 });
  });

  it.each([
    ['CRASH_LOOP_RECOVERED_SECONDS', '5'],
    ['CRASH_LOOP_WINDOW_SECONDS', '30'],
    ['OBSERVE_RUNNING_SECONDS', '1'],
    // Shorter than a send's 10 s timeout: a live process's slow send would be sent twice.
    ['NOTIFY_LEASE_SECONDS', '10'],
    ['OPERATOR_ALERT_CHECK_SECONDS', 'souvent'],
  ])('refuses %s=%s at start, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('DATABASE_PUBLIC_* (a database’s public endpoint)', () => {
  it('is off by default, on with an IPv4 address, its port range checked', () => {
    expect(loadConfig({}).databasePublic).toEqual({
      ports: { first: 20000, last: 20999 },
      kubernetesService: 'off',
    });
    expect(
      loadConfig({
        DATABASE_PUBLIC_ADDRESS: '203.0.113.10',
        DATABASE_PUBLIC_HOST: 'db.example.com',
        DATABASE_PUBLIC_PORTS: '30000-30099',
        DATABASE_PUBLIC_SERVICE: 'NodePort',
      }).databasePublic,
    ).toEqual({
      address: '203.0.113.10',
      host: 'db.example.com',
      ports: { first: 30000, last: 30099 },
      kubernetesService: 'NodePort',
    });
    // The guard's rules are IPv4: an IPv6 or a name would publish what it cannot guard.
    for (const address of ['2001:db8::1', 'db.example.com', '256.1.1.1'])
      expect(() => loadConfig({ DATABASE_PUBLIC_ADDRESS: address })).toThrow(
        /DATABASE_PUBLIC_ADDRESS/,
      );
    for (const ports of ['20000', '80-90', '21000-20000', '60000-70000'])
      expect(() => loadConfig({ DATABASE_PUBLIC_PORTS: ports })).toThrow(/DATABASE_PUBLIC_PORTS/);
    expect(() => loadConfig({ DATABASE_PUBLIC_SERVICE: 'ClusterIP' })).toThrow(ConfigError);
  });
});
