import { describe, expect, it } from 'vitest';
import { isRealDate } from './dates';

describe('isRealDate', () => {
  it.each([
    '2024-02-29',
    '2023-12-31',
    '2024-01-01T00:00',
    '2024-01-01T23:59:59Z',
    '2024-06-30T10:30:00.123+02:00',
  ])('accepts %s', (text) => expect(isRealDate(text)).toBe(true));

  it.each([
    '2024-99-99',
    '2024-13-01',
    '2024-00-10',
    '2024-02-30',
    '2023-02-29',
    '2024-04-31',
    '2024-01-00',
    '2024-01-01T99:00Z',
    '2024-01-01T24:60',
    '24-01-01',
    '2024/01/01',
    '',
  ])('refuses %j', (text) => expect(isRealDate(text)).toBe(false));
});
