import { describe, expect, it } from 'vitest';
import { oneOwnerPerHost } from './edge-routes';
import { hostnamePolicy, reservedBy } from './reserved-hosts';
import { servedDomains, type DomainHolder } from './served-domains';

const policy = hostnamePolicy({
  appsDomain: 'apps.nuage.sn',
  publicUrl: 'https://console.nuage.sn',
});
const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const holder = (o: Partial<DomainHolder> & Pick<DomainHolder, 'id'>): DomainHolder => ({
  domain: 'shop.exemple.sn',
  domainVerifiedAt: day(2),
  domainClaimedAt: day(1),
  createdAt: day(1),
  ...o,
});

describe('reservedBy', () => {
  it('reserves APPS_DOMAIN and below, .localhost and below, the platform host and below', () => {
    expect(reservedBy('apps.nuage.sn', policy)).toBe('apps_domain');
    expect(reservedBy('A.Blog-Prod.Apps.Nuage.SN.', policy)).toBe('apps_domain');
    expect(reservedBy('localhost', policy)).toBe('localhost');
    expect(reservedBy('blog-prod-shop.localhost', policy)).toBe('localhost');
    expect(reservedBy('console.nuage.sn', policy)).toBe('platform');
    expect(reservedBy('x.console.nuage.sn', policy)).toBe('platform');
    // Neighbours are not: a suffix match is on whole labels.
    for (const free of ['nuage.sn', 'xapps.nuage.sn', 'shop.exemple.sn', 'localhost.exemple.sn'])
      expect(reservedBy(free, policy)).toBeNull();
  });

  it('reserves no name for an IP PUBLIC_URL, and .localhost even without APPS_DOMAIN', () => {
    const bare = hostnamePolicy({ appsDomain: undefined, publicUrl: 'http://203.0.113.10:8080' });
    expect(bare.platformHost).toBeNull();
    expect(reservedBy('shop.exemple.sn', bare)).toBeNull();
    expect(reservedBy('site.localhost', bare)).toBe('localhost');
  });
});

describe('servedDomains: one owner per name, never the newcomer', () => {
  it('serves a verified, valid, non-reserved domain, normalised', () => {
    const served = servedDomains([holder({ id: 'a', domain: 'Shop.Exemple.SN.' })], policy);
    expect(served.get('a')).toBe('shop.exemple.sn');
  });

  it('serves nothing that awaits its proof, is invalid, or is the platform’s', () => {
    const served = servedDomains(
      [
        holder({ id: 'pending', domainVerifiedAt: null }),
        holder({ id: 'ip', domain: '127.0.0.1' }),
        holder({ id: 'crlf', domain: 'a.exemple.sn\r\nX-Injected: 1' }),
        holder({ id: 'platform-host', domain: 'blog-prod-shop.apps.nuage.sn' }),
        holder({ id: 'local', domain: 'blog.localhost' }),
        holder({ id: 'console', domain: 'console.nuage.sn' }),
      ],
      policy,
    );
    expect([...served]).toEqual([]);
  });

  it('gives a name held twice (rows from before the index) to the earliest claim, in any order', () => {
    const older = holder({ id: 'zzz', domain: 'shop.exemple.sn', domainClaimedAt: day(1) });
    const newer = holder({ id: 'aaa', domain: 'SHOP.exemple.sn.', domainClaimedAt: day(5) });
    for (const rows of [
      [older, newer],
      [newer, older],
    ]) {
      const served = servedDomains(rows, policy);
      expect(served.get('zzz')).toBe('shop.exemple.sn');
      expect(served.has('aaa')).toBe(false);
    }
    // A pending older claim does not block a verified one, and never gets served itself.
    const served = servedDomains([{ ...older, domainVerifiedAt: null }, newer], policy);
    expect([...served]).toEqual([['aaa', 'shop.exemple.sn']]);
  });

  it('breaks a tie on the claim by the oldest row, then by id', () => {
    const a = holder({ id: 'b', createdAt: day(1) });
    const b = holder({ id: 'a', createdAt: day(3) });
    expect([...servedDomains([b, a], policy)]).toEqual([['b', 'shop.exemple.sn']]);
    const c = holder({ id: 'c' });
    const d = holder({ id: 'd' });
    expect([...servedDomains([d, c], policy)]).toEqual([['c', 'shop.exemple.sn']]);
  });
});

describe('oneOwnerPerHost (the edge table’s last guard)', () => {
  const route = (deploymentId: string, tlsHosts: string[], httpHosts: string[] = []) => ({
    deploymentId,
    url: `https://${tlsHosts[0] ?? httpHosts[0]}`,
    tlsHosts,
    httpHosts,
    certificate: null,
  });

  it('leaves a host with the first route listing it, in any case, and drops emptied routes', () => {
    const table = oneOwnerPerHost([
      route('old', ['blog.apps.nuage.sn']),
      route('new', ['Blog.Apps.Nuage.SN']),
      route('other', ['autre.apps.nuage.sn'], ['autre.localhost']),
      route('local', [], ['autre.localhost']),
    ]);
    expect(table.map((r) => [r.deploymentId, r.tlsHosts, r.httpHosts])).toEqual([
      ['old', ['blog.apps.nuage.sn'], []],
      ['other', ['autre.apps.nuage.sn'], ['autre.localhost']],
    ]);
  });
});
