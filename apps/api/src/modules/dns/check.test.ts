import { dnsTexts } from '@nuage/shared/dns-help';
import { describe, expect, it } from 'vitest';
import { DnsChecker } from './check';
import { expectedRecords, isApex } from './instructions';
import { fakeResolver, type Zone } from '../../../test/helpers/fake-dns';

const PLATFORM = 'blog-prod-boutique.apps.nuage.sn';
const zone: Zone = {
  [PLATFORM]: { a: ['203.0.113.10'] },
  'alias.exemple.sn': { cname: `${PLATFORM}.` },
  'direct.exemple.sn': { a: ['203.0.113.10'] },
  'ailleurs.exemple.sn': { a: ['198.51.100.7'] },
  'autre-alias.exemple.sn': { cname: 'site.hebergeur.com' },
  'site.hebergeur.com': { a: ['192.0.2.1'] },
  'vide.exemple.sn': {},
  'lent.exemple.sn': 'timeout',
  'panne.exemple.sn': 'servfail',
};
const fast = { timeoutMs: 50, cacheMs: 30_000, failureCacheMs: 5000 };
const expected = { platformHostname: PLATFORM, publicIp: '203.0.113.10' };

describe('DnsChecker', () => {
  it('says DNS correct for a CNAME to the platform hostname and for an A record to its address', async () => {
    const checker = new DnsChecker(fakeResolver(zone), fast);
    for (const domain of ['alias.exemple.sn', 'direct.exemple.sn']) {
      const result = await checker.check(domain, expected);
      expect(result).toMatchObject({ statut: 'correct', message: dnsTexts.correctDetail(domain) });
    }
    // Without PUBLIC_IP, the platform hostname's addresses are the reference.
    const noIp = await checker.check('direct.exemple.sn', { ...expected, publicIp: undefined });
    expect(noIp.statut).toBe('correct');
  });

  it('says in French what is wrong: elsewhere, another alias, no record, no such domain', async () => {
    const checker = new DnsChecker(fakeResolver(zone), fast);
    expect(await checker.check('ailleurs.exemple.sn', expected)).toMatchObject({
      statut: 'incorrect',
      message: dnsTexts.wrongAddress('ailleurs.exemple.sn', '198.51.100.7', '203.0.113.10'),
      trouve: { adresses: ['198.51.100.7'], cname: null },
    });
    expect(
      await checker.check('autre-alias.exemple.sn', { ...expected, publicIp: undefined }),
    ).toMatchObject({
      statut: 'incorrect',
      message: dnsTexts.wrongCname('autre-alias.exemple.sn', 'site.hebergeur.com', PLATFORM),
    });
    expect(await checker.check('vide.exemple.sn', expected)).toMatchObject({
      statut: 'introuvable',
      message: dnsTexts.noRecord('vide.exemple.sn'),
    });
    expect(await checker.check('nulle-part.exemple.sn', expected)).toMatchObject({
      statut: 'introuvable',
      message: dnsTexts.notFound('nulle-part.exemple.sn'),
    });
  });

  it('answers within its timeout when the DNS server does not, and on a server failure', async () => {
    const checker = new DnsChecker(fakeResolver(zone), fast);
    const started = Date.now();
    expect(await checker.check('lent.exemple.sn', expected)).toMatchObject({
      statut: 'indisponible',
      message: dnsTexts.timeout,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await checker.check('panne.exemple.sn', expected)).toMatchObject({
      statut: 'indisponible',
      message: dnsTexts.unavailable,
    });
  });

  it('keeps an answer briefly: a second check does not query again', async () => {
    const calls: string[] = [];
    const checker = new DnsChecker(fakeResolver(zone, calls), fast);
    await checker.check('direct.exemple.sn', expected);
    const first = calls.length;
    await checker.check('direct.exemple.sn', expected);
    expect(calls.length).toBe(first);
  });

  it('says when the platform has no public address configured', async () => {
    const checker = new DnsChecker(fakeResolver(zone), fast);
    expect(
      await checker.check('direct.exemple.sn', { platformHostname: null, publicIp: undefined }),
    ).toMatchObject({ statut: 'non_configure', message: dnsTexts.notConfigured });
  });
});

describe('expectedRecords', () => {
  it('offers a CNAME to the platform hostname and an A record to the public address', () => {
    expect(expectedRecords({ domain: 'blog.exemple.sn', ...expected })).toEqual([
      { type: 'CNAME', nom: 'blog.exemple.sn', valeur: PLATFORM },
      { type: 'A', nom: 'blog.exemple.sn', valeur: '203.0.113.10' },
    ]);
  });

  it('never offers a CNAME on a root domain, and AAAA for an IPv6 address', () => {
    expect(isApex('exemple.sn')).toBe(true);
    expect(isApex('boutique.co.uk')).toBe(true);
    expect(isApex('blog.exemple.sn')).toBe(false);
    expect(
      expectedRecords({
        domain: 'exemple.sn',
        platformHostname: PLATFORM,
        publicIp: '2001:db8::1',
      }),
    ).toEqual([{ type: 'AAAA', nom: 'exemple.sn', valeur: '2001:db8::1' }]);
  });
});
