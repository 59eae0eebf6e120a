import { describe, expect, it } from 'vitest';
import {
  createAddressPolicy,
  embeddedIpv4,
  isInternalAddress,
  normalizeAddress,
} from './address-policy';

/** What a URL parser makes of a host: the spelling the platform actually sees in a URL. */
const urlHost = (host: string) => new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '');

describe('normalizeAddress', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['10.0.0.1.', '10.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
  ])('reads the IPv4 spelling %s as %s, as a URL parser does', (text, expected) => {
    expect(normalizeAddress(text)).toBe(expected);
    expect(urlHost(text)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['::FFFF:7F00:1', '::ffff:7f00:1'],
    ['0:0:0:0:0:ffff:127.0.0.1', '::ffff:7f00:1'],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', '::ffff:7f00:1'],
    ['::127.0.0.1', '::7f00:1'],
    ['[::1]', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
  ])('reads the IPv6 spelling %s as %s', (text, expected) => {
    expect(normalizeAddress(text)).toBe(expected);
    if (!text.includes('%') && !text.startsWith('[')) expect(urlHost(`[${text}]`)).toBe(expected);
  });

  it.each([
    'depot.exemple.sn',
    'localhost',
    '256.0.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '1..1',
    '',
    ':::1',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '::ffff:1.2.3.256',
    '::ffff:01.2.3.4',
    'g::1',
  ])('says %j is no IP address', (text) => {
    expect(normalizeAddress(text)).toBeNull();
  });
});

describe('embeddedIpv4', () => {
  it.each([
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['::ffff:0:10.1.2.3', '10.1.2.3'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['2002:7f00:1::', '127.0.0.1'],
    ['2002:c0a8:101:1::5', '192.168.1.1'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 stored inverted (80ff:fffe).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'],
  ])('finds the IPv4 destination of %s: %s', (text, expected) => {
    expect(embeddedIpv4(text)).toBe(expected);
  });

  it('finds none in a plain IPv6 or IPv4 address', () => {
    expect(embeddedIpv4('2606:4700::1111')).toBeNull();
    expect(embeddedIpv4('8.8.8.8')).toBeNull();
  });
});

describe('isInternalAddress', () => {
  it.each([
    // IPv4 ranges, in every spelling
    '127.0.0.1',
    '127.255.255.254',
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '127.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.0.8',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    // IPv6 ranges
    '::',
    '::1',
    'fd00::1',
    'fc12::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '100::1',
    '64:ff9b:1::1',
    // IPv6 spellings of internal IPv4 destinations
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '0:0:0:0:0:ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:10.0.0.1',
    '::ffff:0:127.0.0.1',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
    // not an address at all: refused rather than guessed
    'pas-une-adresse',
    '',
  ])('refuses %j', (address) => {
    expect(isInternalAddress(address)).toBe(true);
  });

  it.each([
    '140.82.121.4',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '203.0.113.10',
    '2606:4700::1111',
    '2a00:1450:4007:80e::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8c52:7904',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false);
  });

  it('is one self-contained function: written out as text, it judges alike', () => {
    const rebuilt = new Function(
      `const __name = (t) => t; return (${createAddressPolicy.toString()})();`,
    )() as ReturnType<typeof createAddressPolicy>;
    for (const a of ['::ffff:127.0.0.1', '0x7f.1', '2002:7f00:1::', '8.8.8.8', '2606:4700::1111'])
      expect(rebuilt.isInternal(a), a).toBe(isInternalAddress(a));
  });
});
