import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_PEM as UTC_TIME_PEM,
  LONG_CERTIFICATE_PEM as GENERALIZED_TIME_PEM,
} from '../testing/fixtures';
import { readPemExpiry, toDateInputValue } from './pem-expiry';

describe('readPemExpiry', () => {
  it('reads notAfter from a certificate whose validity is a UTCTime', () => {
    expect(readPemExpiry(UTC_TIME_PEM)?.toISOString()).toBe('2027-02-19T16:16:40.000Z');
  });

  it('reads a GeneralizedTime (2050 and later), and the first certificate of a chain', () => {
    const chain = `${GENERALIZED_TIME_PEM}\n${UTC_TIME_PEM}\n`;
    expect(readPemExpiry(chain)?.toISOString()).toBe('2054-04-08T16:16:40.000Z');
  });

  it('gives null for what is not a readable certificate', () => {
    expect(readPemExpiry('')).toBeNull();
    expect(
      readPemExpiry('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'),
    ).toBeNull();
    expect(
      readPemExpiry('-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----'),
    ).toBeNull();
    const truncated = UTC_TIME_PEM.replace(/\n[^\n]+\n[^\n]+\n-----END/, '\n-----END');
    expect(readPemExpiry(truncated)).toBeNull();
  });

  it('gives the UTC day as a date input value', () => {
    expect(toDateInputValue(new Date('2027-02-19T23:30:00Z'))).toBe('2027-02-19');
  });
});
