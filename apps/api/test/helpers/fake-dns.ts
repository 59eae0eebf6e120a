import type { DnsResolver } from '../../src/modules/dns/resolver';

export type Zone = Record<
  string,
  { a?: string[]; aaaa?: string[]; cname?: string; txt?: string[] } | 'timeout' | 'servfail'
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
    resolveTxt: (h) => {
      calls.push(`txt ${h}`);
      const entry = zone[h];
      if (entry === 'timeout') return new Promise(() => {});
      if (entry === 'servfail') return fail('ESERVFAIL');
      if (!entry) return fail('ENOTFOUND');
      // Long records come in 255-byte strings: the fake splits them as a server would.
      return entry.txt?.length
        ? Promise.resolve(entry.txt.map((t) => t.match(/.{1,255}/gs) ?? ['']))
        : fail('ENODATA');
    },
  };
}
