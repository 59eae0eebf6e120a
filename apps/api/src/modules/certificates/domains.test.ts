import { describe, expect, it } from 'vitest';
import { nameCovers, orderedNames, splitWildcard } from './domains';
import { renewalAt, retryDelayMs } from './schedule';

describe('nameCovers (RFC 6125 wildcard rules)', () => {
  it.each([
    ['boutique.exemple.sn', 'boutique.exemple.sn', true],
    ['Boutique.Exemple.SN.', 'boutique.exemple.sn', true],
    ['*.exemple.sn', 'boutique.exemple.sn', true],
    ['*.exemple.sn', '*.exemple.sn', true],
    ['*.exemple.sn', 'exemple.sn', false],
    ['*.exemple.sn', 'a.b.exemple.sn', false],
    ['*.exemple.sn', 'boutique.exemple.com', false],
    ['*.exemple.sn', 'exemple.sn.evil.com', false],
    ['b*.exemple.sn', 'boutique.exemple.sn', false],
    ['*.sn', 'exemple.sn', false],
    ['*.*.exemple.sn', 'a.b.exemple.sn', false],
    ['boutique.exemple.sn', 'autre.exemple.sn', false],
  ])('%s covers %s: %s', (pattern, host, expected) => {
    expect(nameCovers(pattern, host)).toBe(expected);
  });

  it('a wildcard typed as the domain becomes the flag; an order covers the apex too', () => {
    expect(splitWildcard(' *.Exemple.SN ')).toEqual({ domain: 'exemple.sn', wildcard: true });
    expect(orderedNames('exemple.sn', true)).toEqual(['*.exemple.sn', 'exemple.sn']);
  });
});

describe('renewal schedule', () => {
  const DAY = 86_400_000;
  it('renews 30 days before expiry, or with a third of a short lifetime left', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(renewalAt(start, new Date(start.getTime() + 90 * DAY))).toEqual(
      new Date(start.getTime() + 60 * DAY),
    );
    expect(renewalAt(start, new Date(start.getTime() + 6 * DAY))).toEqual(
      new Date(start.getTime() + 4 * DAY),
    );
  });

  it('spaces failed attempts out, up to twelve hours', () => {
    expect([1, 2, 3, 6, 50].map(retryDelayMs)).toEqual([
      60_000, 300_000, 1_800_000, 43_200_000, 43_200_000,
    ]);
  });
});
