import { describe, expect, it } from 'vitest';
import { environmentNetworks, ipv4Subnets, renderGuardRules } from './isolation-rules';

const lines = (text: string) => text.split('\n');

/** The private-range part with nothing allowed and no public port (the default policy). */
const LAN_DEFAULT = (chain: string) => [
  `-A ${chain} -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN`,
  `-A ${chain} -p udp --dport 53 -j RETURN`,
  `-A ${chain} -p tcp --dport 53 -j RETURN`,
  `-A ${chain} -d 10.0.0.0/8 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${chain} -d 172.16.0.0/12 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${chain} -d 192.168.0.0/16 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${chain} -d 100.64.0.0/10 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${chain} -d 169.254.0.0/16 -j REJECT --reject-with icmp-port-unreachable`,
  `-A ${chain} -j RETURN`,
];

describe('network guard rules (iptables-restore payload)', () => {
  it('with no environment: every chain declared (so flushed), nothing dropped from the host', () => {
    expect(lines(renderGuardRules([], 'NDG-test'))).toEqual([
      ':NDG-test-1 - [0:0]',
      ':NDG-test-2 - [0:0]',
      ':NDG-test-LAN - [0:0]',
      ':NDG-test-HOST - [0:0]',
      ':NDG-test-PUB - [0:0]',
      '-A NDG-test-1 -p tcp -m conntrack --ctstate NEW -j NDG-test-PUB',
      '-A NDG-test-1 -j RETURN',
      '-A NDG-test-2 -j NDG-test-LAN',
      ...LAN_DEFAULT('NDG-test-LAN'),
      '-A NDG-test-HOST -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN',
      '-A NDG-test-HOST -j RETURN',
      '',
    ]);
  });

  it('with one environment: out of its subnet to private ranges dropped, to the host only DNS at its gateway', () => {
    expect(lines(renderGuardRules([{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }]))).toEqual([
      ':NUAGE-ISOLATION-1 - [0:0]',
      ':NUAGE-ISOLATION-2 - [0:0]',
      ':NUAGE-ISOLATION-LAN - [0:0]',
      ':NUAGE-ISOLATION-HOST - [0:0]',
      ':NUAGE-ISOLATION-PUB - [0:0]',
      '-A NUAGE-ISOLATION-1 -p tcp -m conntrack --ctstate NEW -j NUAGE-ISOLATION-PUB',
      '-A NUAGE-ISOLATION-1 -s 10.89.0.0/24 ! -d 10.89.0.0/24 -j NUAGE-ISOLATION-2',
      '-A NUAGE-ISOLATION-1 -j RETURN',
      '-A NUAGE-ISOLATION-2 -d 10.89.0.0/24 -j DROP',
      '-A NUAGE-ISOLATION-2 -j NUAGE-ISOLATION-LAN',
      ...LAN_DEFAULT('NUAGE-ISOLATION-LAN'),
      '-A NUAGE-ISOLATION-HOST -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN',
      '-A NUAGE-ISOLATION-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p udp --dport 53 -j RETURN',
      '-A NUAGE-ISOLATION-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p tcp --dport 53 -j RETURN',
      '-A NUAGE-ISOLATION-HOST -s 10.89.0.0/24 -j REJECT --reject-with icmp-port-unreachable',
      '-A NUAGE-ISOLATION-HOST -j RETURN',
      '',
    ]);
  });

  it('with three environments: each isolated from the others, each kept off the host', () => {
    const rules = renderGuardRules(
      [
        { subnet: '10.89.2.0/24', gateway: '10.89.2.1' },
        { subnet: '10.89.0.0/24', gateway: '10.89.0.1' },
        // No gateway reported: the subnet's first address, where the bridge sits.
        { subnet: '10.89.1.0/24' },
      ],
      'NDG',
    );
    expect(lines(rules)).toEqual([
      ':NDG-1 - [0:0]',
      ':NDG-2 - [0:0]',
      ':NDG-LAN - [0:0]',
      ':NDG-HOST - [0:0]',
      ':NDG-PUB - [0:0]',
      '-A NDG-1 -p tcp -m conntrack --ctstate NEW -j NDG-PUB',
      '-A NDG-1 -s 10.89.0.0/24 ! -d 10.89.0.0/24 -j NDG-2',
      '-A NDG-1 -s 10.89.1.0/24 ! -d 10.89.1.0/24 -j NDG-2',
      '-A NDG-1 -s 10.89.2.0/24 ! -d 10.89.2.0/24 -j NDG-2',
      '-A NDG-1 -j RETURN',
      '-A NDG-2 -d 10.89.0.0/24 -j DROP',
      '-A NDG-2 -d 10.89.1.0/24 -j DROP',
      '-A NDG-2 -d 10.89.2.0/24 -j DROP',
      '-A NDG-2 -j NDG-LAN',
      ...LAN_DEFAULT('NDG-LAN'),
      '-A NDG-HOST -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p udp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p tcp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-HOST -s 10.89.1.0/24 -d 10.89.1.1 -p udp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.1.0/24 -d 10.89.1.1 -p tcp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.1.0/24 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-HOST -s 10.89.2.0/24 -d 10.89.2.1 -p udp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.2.0/24 -d 10.89.2.1 -p tcp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.2.0/24 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-HOST -j RETURN',
      '',
    ]);
  });

  it('lets allowed CIDRs and the edge proxy’s public ports through, before the private ranges drop', () => {
    const rules = lines(
      renderGuardRules([{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }], 'NDG', {
        privateNetworks: 'block',
        allowCidrs: ['192.168.10.0/24', '10.20.0.5/32', 'not-a-cidr -j ACCEPT'],
        publicPorts: [443, 80, 80, 0, 70000],
      }),
    );
    expect(rules.filter((l) => l.startsWith('-A NDG-LAN'))).toEqual([
      '-A NDG-LAN -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN',
      '-A NDG-LAN -p udp --dport 53 -j RETURN',
      '-A NDG-LAN -p tcp --dport 53 -j RETURN',
      '-A NDG-LAN -p tcp -m conntrack --ctstate DNAT --ctorigdstport 80 -j RETURN',
      '-A NDG-LAN -p tcp -m conntrack --ctstate DNAT --ctorigdstport 443 -j RETURN',
      '-A NDG-LAN -d 10.20.0.5/32 -j RETURN',
      '-A NDG-LAN -d 192.168.10.0/24 -j RETURN',
      '-A NDG-LAN -d 10.0.0.0/8 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-LAN -d 172.16.0.0/12 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-LAN -d 192.168.0.0/16 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-LAN -d 100.64.0.0/10 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-LAN -d 169.254.0.0/16 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-LAN -j RETURN',
    ]);
    expect(rules.filter((l) => l.startsWith('-A NDG-HOST'))).toEqual([
      '-A NDG-HOST -m conntrack --ctstate RELATED,ESTABLISHED -j RETURN',
      '-A NDG-HOST -p tcp --dport 80 -j RETURN',
      '-A NDG-HOST -p tcp --dport 443 -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p udp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -d 10.89.0.1 -p tcp --dport 53 -j RETURN',
      '-A NDG-HOST -s 10.89.0.0/24 -j REJECT --reject-with icmp-port-unreachable',
      '-A NDG-HOST -j RETURN',
    ]);
  });

  it('lets the edge proxy’s own endpoints (address and MAC) through: platform traffic, no tenant’s', () => {
    const rules = lines(
      renderGuardRules([{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }], 'NDG', undefined, [
        { address: '10.89.0.9', mac: 'DE:E7:C3:13:10:53' },
        { address: '10.89.0.9', mac: 'de:e7:c3:13:10:53' },
        { address: '10.89.0.10 -j ACCEPT', mac: 'de:e7:c3:13:10:54' },
        { address: '10.89.0.11', mac: 'not-a-mac' },
        { address: '', mac: '' },
      ]),
    );
    const trusted = '-s 10.89.0.9 -m mac --mac-source de:e7:c3:13:10:53 -j RETURN';
    expect(rules.filter((l) => l.includes('--mac-source'))).toEqual([
      `-A NDG-LAN ${trusted}`,
      `-A NDG-HOST ${trusted}`,
    ]);
    // Before anything of theirs drops.
    expect(rules.indexOf(`-A NDG-HOST ${trusted}`)).toBeLessThan(
      rules.indexOf('-A NDG-HOST -s 10.89.0.0/24 -j REJECT --reject-with icmp-port-unreachable'),
    );
    expect(rules.indexOf(`-A NDG-LAN ${trusted}`)).toBeLessThan(
      rules.indexOf('-A NDG-LAN -d 10.0.0.0/8 -j REJECT --reject-with icmp-port-unreachable'),
    );
  });

  it('with the private-range block off: only the host and the other environments stay closed', () => {
    const rules = lines(
      renderGuardRules([{ subnet: '10.89.0.0/24', gateway: '10.89.0.1' }], 'NDG', {
        privateNetworks: 'allow',
        allowCidrs: ['192.168.10.0/24'],
        publicPorts: [],
      }),
    );
    expect(rules.filter((l) => l.startsWith('-A NDG-LAN'))).toEqual(['-A NDG-LAN -j RETURN']);
    expect(rules).toContain('-A NDG-2 -d 10.89.0.0/24 -j DROP');
    expect(rules).toContain(
      '-A NDG-HOST -s 10.89.0.0/24 -j REJECT --reject-with icmp-port-unreachable',
    );
  });

  it('grows linearly with the environments, not by pairs of environments', () => {
    const networks = Array.from({ length: 50 }, (_, i) => ({ subnet: `10.${i}.0.0/16` }));
    const rules = lines(renderGuardRules(networks)).filter((l) => l.startsWith('-A'));
    // -1, -2: one each per environment; -HOST: three per environment; plus the fixed ones
    // (-1's RETURN, -2's jump to -LAN, -LAN, -HOST's replies and RETURN).
    // (and the jump to -PUB, the databases' public endpoints: none here).
    expect(rules).toHaveLength(5 * 50 + 1 + 1 + LAN_DEFAULT('X').length + 2 + 1);
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
    expect(
      environmentNetworks([
        { subnet: '10.89.4.0/22', gateway: '10.89.4.1 -j ACCEPT' },
        { subnet: '10.89.4.0/22', gateway: '10.89.4.9' },
        { subnet: 'fd00::/64', gateway: 'fd00::1' },
      ]),
    ).toEqual([{ subnet: '10.89.4.0/22', gateway: '10.89.4.1' }]);
  });

  it('refuses a chain prefix iptables would not take', () => {
    expect(() => renderGuardRules([], 'X'.repeat(24))).toThrow(/chain prefix/);
    expect(() => renderGuardRules([], 'A B')).toThrow(/chain prefix/);
    expect(() => renderGuardRules([], 'X'.repeat(23))).not.toThrow();
  });

  it('guards databases’ published ports: the allow-list’s IPv4 sources let through, every other new connection dropped', () => {
    const rules = lines(
      renderGuardRules(
        [],
        'NDG',
        undefined,
        [],
        [
          {
            address: '127.0.0.1',
            port: 20001,
            sources: ['203.0.113.7/32', '2001:db8::/32', '10.0.0.0/8'],
          },
          { address: '0.0.0.0', port: 20002, sources: ['0.0.0.0/0'] },
          // A second set for an address and port already seen: the first wins (pending first).
          { address: '127.0.0.1', port: 20001, sources: ['198.51.100.0/24'] },
          // Nothing but addresses and ports reaches iptables-restore.
          { address: '127.0.0.1 -j ACCEPT', port: 20003, sources: ['0.0.0.0/0'] },
          { address: '127.0.0.1', port: 20004, sources: ['1.2.3.4 -j ACCEPT'] },
        ],
      ),
    );
    const m = '-p tcp -m conntrack --ctstate NEW';
    expect(rules.filter((l) => l.startsWith('-A NDG-PUB'))).toEqual([
      `-A NDG-PUB ${m} --ctorigdst 127.0.0.1/32 --ctorigdstport 20001 -s 203.0.113.7/32 -j RETURN`,
      `-A NDG-PUB ${m} --ctorigdst 127.0.0.1/32 --ctorigdstport 20001 -s 10.0.0.0/8 -j RETURN`,
      `-A NDG-PUB ${m} --ctorigdst 127.0.0.1/32 --ctorigdstport 20001 -j DROP`,
      `-A NDG-PUB ${m} --ctorigdstport 20002 -s 0.0.0.0/0 -j RETURN`,
      `-A NDG-PUB ${m} --ctorigdstport 20002 -j DROP`,
      `-A NDG-PUB ${m} --ctorigdst 127.0.0.1/32 --ctorigdstport 20004 -j DROP`,
    ]);
    // Reached from FORWARD's first chain, before the environments' own rules.
    expect(rules.indexOf(`-A NDG-1 ${m} -j NDG-PUB`)).toBe(
      rules.findIndex((l) => l.startsWith('-A NDG-1')),
    );
  });
});
