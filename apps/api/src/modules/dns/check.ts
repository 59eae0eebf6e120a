import { dnsTexts as t, type DnsHelp } from '@nuage/shared/dns-help';
import { ExpiringCache } from '../../lib/expiring-cache';
import { codeOf, NO_DATA, NOT_FOUND, TIMEOUT, type DnsResolver } from './resolver';

type Verification = DnsHelp['verification'];
type Answer = { values: string[] } | { code: string };

export interface DnsExpectation {
  platformHostname: string | null;
  publicIp: string | undefined;
}

const normalise = (name: string) => name.toLowerCase().replace(/\.$/, '');

/**
 * Does a custom domain reach the platform? A CNAME to the application's platform hostname, or
 * addresses that include the public address (or the platform hostname's own addresses). Each
 * answer is kept a little while (a page refresh does not query again), failures only briefly;
 * every query is bounded in time so a dead DNS server never holds a request.
 */
export class DnsChecker {
  private readonly cache = new ExpiringCache<Verification>(2000);

  constructor(
    private readonly resolver: DnsResolver,
    private readonly opts: { timeoutMs: number; cacheMs: number; failureCacheMs: number } = {
      timeoutMs: 4000,
      cacheMs: 30_000,
      failureCacheMs: 5000,
    },
  ) {}

  async check(domain: string, expected: DnsExpectation): Promise<Verification> {
    const key = `${domain}|${expected.platformHostname ?? ''}|${expected.publicIp ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const result = await this.lookup(domain, expected);
    const ttl = result.statut === 'indisponible' ? this.opts.failureCacheMs : this.opts.cacheMs;
    this.cache.set(key, result, Date.now() + ttl);
    return result;
  }

  private async lookup(domain: string, expected: DnsExpectation): Promise<Verification> {
    const done = (
      statut: Verification['statut'],
      message: string,
      trouve: Verification['trouve'] = { adresses: [], cname: null },
    ): Verification => ({ statut, message, trouve, verifie_le: new Date().toISOString() });
    if (!expected.platformHostname && !expected.publicIp)
      return done('non_configure', t.notConfigured);

    const [cname, v4, v6] = await Promise.all([
      this.query(() => this.resolver.resolveCname(domain)),
      this.query(() => this.resolver.resolve4(domain)),
      this.query(() => this.resolver.resolve6(domain)),
    ]);
    const answers = [cname, v4, v6];
    const failed = answers.filter((a) => 'code' in a && a.code !== NO_DATA && a.code !== NOT_FOUND);
    if (failed.length > 0) {
      return done(
        'indisponible',
        failed.some((a) => 'code' in a && a.code === TIMEOUT) ? t.timeout : t.unavailable,
      );
    }
    if (answers.every((a) => 'code' in a && a.code === NOT_FOUND))
      return done('introuvable', t.notFound(domain));

    const target = 'values' in cname && cname.values[0] ? normalise(cname.values[0]) : null;
    const addresses = [v4, v6].flatMap((a) => ('values' in a ? a.values : []));
    const trouve = { adresses: addresses, cname: target };
    const platform = expected.platformHostname ? normalise(expected.platformHostname) : null;
    if (target && platform && target === platform)
      return done('correct', t.correctDetail(domain), trouve);
    if (expected.publicIp && addresses.includes(expected.publicIp))
      return done('correct', t.correctDetail(domain), trouve);
    // Without PUBLIC_IP, the platform hostname's own addresses are the reference.
    const platformAddresses = platform ? await this.addressesOf(platform) : [];
    if (addresses.some((a) => platformAddresses.includes(a)))
      return done('correct', t.correctDetail(domain), trouve);

    if (!target && addresses.length === 0) return done('introuvable', t.noRecord(domain), trouve);
    const reference = expected.publicIp ?? platformAddresses.join(', ');
    if (target && platform && !expected.publicIp)
      return done('incorrect', t.wrongCname(domain, target, platform), trouve);
    return done(
      'incorrect',
      t.wrongAddress(domain, addresses.join(', ') || (target ?? ''), reference || (platform ?? '')),
      trouve,
    );
  }

  /**
   * The TXT records of `name`, each record's strings joined; [] when it has none; null when
   * the DNS did not answer. Never cached: the owner who just created the record checks again.
   */
  async txt(name: string): Promise<string[] | null> {
    const answer = await this.query(async () =>
      (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join('')),
    );
    if ('values' in answer) return answer.values;
    return answer.code === NO_DATA || answer.code === NOT_FOUND ? [] : null;
  }

  private async addressesOf(host: string): Promise<string[]> {
    const [v4, v6] = await Promise.all([
      this.query(() => this.resolver.resolve4(host)),
      this.query(() => this.resolver.resolve6(host)),
    ]);
    return [v4, v6].flatMap((a) => ('values' in a ? a.values : []));
  }

  /** One lookup, answered within the timeout whatever the resolver does. */
  private async query(run: () => Promise<string[]>): Promise<Answer> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve({ code: TIMEOUT }), this.opts.timeoutMs);
    });
    try {
      return await Promise.race([
        run().then(
          (values): Answer => ({ values }),
          (err: unknown): Answer => ({ code: codeOf(err) }),
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
