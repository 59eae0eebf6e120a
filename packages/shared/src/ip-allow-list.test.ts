import { describe, expect, it } from 'vitest';
import { isOpenToWorld, parseAllowListEntry } from './ip-allow-list';

describe('an allow-list entry (a database’s public endpoint)', () => {
  it('normalises addresses and networks, IPv4 and IPv6', () => {
    expect(parseAllowListEntry(' 203.0.113.7 ')).toEqual({ cidr: '203.0.113.7/32', family: 4 });
    expect(parseAllowListEntry('198.51.100.0/24')).toEqual({ cidr: '198.51.100.0/24', family: 4 });
    expect(parseAllowListEntry('2001:DB8::/32')).toEqual({ cidr: '2001:db8::/32', family: 6 });
    expect(parseAllowListEntry('2001:0db8:0:0:0:0:0:1')).toEqual({
      cidr: '2001:db8::1/128',
      family: 6,
    });
    expect(parseAllowListEntry('::ffff:192.0.2.1')).toEqual({
      cidr: '::ffff:c000:201/128',
      family: 6,
    });
    expect(isOpenToWorld((parseAllowListEntry('0.0.0.0/0') as { cidr: string }).cidr)).toBe(true);
    expect(isOpenToWorld((parseAllowListEntry('::/0') as { cidr: string }).cidr)).toBe(true);
  });

  it('says what is wrong: not an address, or host bits after the prefix', () => {
    for (const entry of [
      'abc',
      '1.2.3.4/33',
      '010.1.1.1',
      '1.2.3',
      '1::2::3',
      '2001:db8::/129',
      '1.2.3.4/8/8',
      '1.2.3.4 -j ACCEPT',
    ])
      expect(parseAllowListEntry(entry)).toEqual({ kind: 'invalid', entry });
    expect(parseAllowListEntry('198.51.100.9/24')).toEqual({
      kind: 'host-bits',
      entry: '198.51.100.9/24',
      network: '198.51.100.0/24',
    });
    expect(parseAllowListEntry('2001:db8::1/32')).toEqual({
      kind: 'host-bits',
      entry: '2001:db8::1/32',
      network: '2001:db8::/32',
    });
  });
});
