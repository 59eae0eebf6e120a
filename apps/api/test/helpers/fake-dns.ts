import type { DnsResolver } from '../../src/modules/dns/resolver';

export type Zone = Record<
  string,
  { a?: string[]; aaaa?: string[]; cname?: string } | 'timeout' | 'servfail'
>;

/** A resolver answering from a zone, as node:dns does (codes, CNAMEs followed by resolve4). */
export function fakeResolver(zone: Zone, calls: string[] = []): DnsResolver {
  const fail = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));
  const lookup = (host: string, kind: 'a' | 'aaaa' | 'cname'): Promise<string[]> => {
    calls.push(`${kind} ${host}`);
    const entry = zone[host];
    if (entry === 'timeout') return new Promise(() => {});
    if (entry === 'servfail') return fail('ESERVFAIL');
    if (!entry) return fail('ENOTFOUND');
    if (kind === 'cname') return entry.cname ? Promise.resolve([entry.cname]) : fail('ENODATA');
    if (entry.cname) return lookup(entry.cname.replace(/\.$/, ''), kind);
    const values = entry[kind];
    return values?.length ? Promise.resolve(values) : fail('ENODATA');
  };
  return {
    resolve4: (h) => lookup(h, 'a'),
    resolve6: (h) => lookup(h, 'aaaa'),
    resolveCname: (h) => lookup(h, 'cname'),
  };
}
