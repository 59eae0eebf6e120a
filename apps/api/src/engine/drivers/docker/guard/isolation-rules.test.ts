import { describe, expect, it } from 'vitest';
import { ipv4Subnets, renderIsolationRules } from './isolation-rules';

describe('network guard rules (iptables-restore payload)', () => {
  it('sends each environment subnet through stage 2, which drops what goes to another', () => {
    expect(renderIsolationRules(['10.89.1.0/24', '10.89.0.0/24'])).toBe(
      [
        ':NUAGE-ISOLATION-1 - [0:0]',
        ':NUAGE-ISOLATION-2 - [0:0]',
        '-A NUAGE-ISOLATION-1 -s 10.89.0.0/24 ! -d 10.89.0.0/24 -j NUAGE-ISOLATION-2',
        '-A NUAGE-ISOLATION-1 -s 10.89.1.0/24 ! -d 10.89.1.0/24 -j NUAGE-ISOLATION-2',
        '-A NUAGE-ISOLATION-1 -j RETURN',
        '-A NUAGE-ISOLATION-2 -d 10.89.0.0/24 -j DROP',
        '-A NUAGE-ISOLATION-2 -d 10.89.1.0/24 -j DROP',
        '-A NUAGE-ISOLATION-2 -j RETURN',
        '',
      ].join('\n'),
    );
  });

  it('declares (so flushes) both chains even with no environment: an emptied list is applied', () => {
    expect(renderIsolationRules([], 'NDG-test')).toBe(
      [
        ':NDG-test-1 - [0:0]',
        ':NDG-test-2 - [0:0]',
        '-A NDG-test-1 -j RETURN',
        '-A NDG-test-2 -j RETURN',
        '',
      ].join('\n'),
    );
  });

  it('grows by two rules per environment, not by pairs of environments', () => {
    const subnets = Array.from({ length: 50 }, (_, i) => `10.${i}.0.0/16`);
    const rules = renderIsolationRules(subnets)
      .split('\n')
      .filter((l) => l.startsWith('-A'));
    expect(rules).toHaveLength(2 * 50 + 2);
  });

  it('keeps only well-formed IPv4 subnets, once each (nothing else reaches iptables-restore)', () => {
    expect(
      ipv4Subnets([
        '10.89.0.0/24',
        ' 10.89.0.0/24 ',
        'fd00::/64',
        '',
        '10.0.0.0/24 -j ACCEPT',
        '300.1.1.0/24',
        '10.1.0.0/33',
        '10.1.0.0/0',
      ]),
    ).toEqual(['10.89.0.0/24']);
  });

  it('refuses a chain prefix iptables would not take', () => {
    expect(() => renderIsolationRules([], 'X'.repeat(27))).toThrow(/chain prefix/);
    expect(() => renderIsolationRules([], 'A B')).toThrow(/chain prefix/);
  });
});
