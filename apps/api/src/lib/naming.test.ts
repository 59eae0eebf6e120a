import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dnsFragment, uniqueDnsLabel } from './naming';

const DNS_1123_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** Text from every corner of Unicode: accents, emoji, quotes, controls, right-to-left, CJK. */
function hostileText(): string {
  const pools = [
    'éèêëàâäîïôöûüçÉÈÀÇœæßøØłı',
    '🚀🔥💥👩‍💻🇸🇳',
    `"'\`;$(){}[]<>|&\\/*?!#%^~=+`,
    '\t\n\r\u0000\u200b\u202e',
    '中文字符日本語한국어العربية',
    'abcXYZ0123456789-_. ',
  ];
  let out = '';
  const length = randomInt(0, 220);
  for (let i = 0; i < length; i++) {
    const pool = [...pools[randomInt(pools.length)]!];
    out += pool[randomInt(pool.length)];
  }
  return out;
}

describe('uniqueDnsLabel', () => {
  it('always answers a DNS-1123 label of at most 63 characters', () => {
    for (let i = 0; i < 2000; i++) {
      const label = uniqueDnsLabel('env', [hostileText(), hostileText()]);
      expect(label.length).toBeLessThanOrEqual(63);
      expect(label).toMatch(DNS_1123_LABEL);
    }
  });

  it('keeps readable parts of the names, accents folded', () => {
    expect(uniqueDnsLabel('env', ['Boutique Été', 'Pré-production'])).toMatch(
      /^env-boutique-ete-pre-production-[a-z0-9]{6}$/,
    );
  });

  it('differs between calls with the same names', () => {
    const labels = new Set(Array.from({ length: 200 }, () => uniqueDnsLabel('env', ['🚀', '🚀'])));
    expect(labels.size).toBe(200);
  });

  it('stays within 63 characters with the longest names', () => {
    const label = uniqueDnsLabel('env', ['a'.repeat(200), 'b'.repeat(200)]);
    expect(label.length).toBeLessThanOrEqual(63);
    expect(label).toMatch(/^env-a+-b+-[a-z0-9]{6}$/);
  });
});

describe('dnsFragment', () => {
  it('never ends with a hyphen after truncation, and falls back when nothing is left', () => {
    expect(dnsFragment('abc-def', 4)).toBe('abc');
    expect(dnsFragment('💥💥', 10)).toBe('x');
    expect(dnsFragment(randomBytes(4).toString('hex'), 8)).toMatch(/^[a-z0-9]{1,8}$/);
  });
});
