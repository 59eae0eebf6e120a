import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation } from './errors';

/** Drizzle wraps driver errors: the code sits on `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', { code: 'ECONNREFUSED' }],
    ['a server shutting down (57P01)', { code: '57P01' }],
    ['a lost connection (08006)', { code: '08006' }],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a missing server socket', { code: 'ENOENT', syscall: 'connect' }],
    ['a pool ended by shutdown', new Error('Cannot use a pool after calling end on the pool')],
  ])('recognises %s, directly and wrapped', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a syntax error', { code: '42601' }],
    ['a plain bug', new Error('undefined is not a function')],
    ['a missing file', { code: 'ENOENT', syscall: 'open' }],
    ['nothing', undefined],
  ])('does not mistake %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('recognises 23505, wrapped, and on the named constraint only when asked', () => {
    const err = wrapped({ code: '23505', constraint: 'users_email_lower_key' });
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'users_email_lower_key')).toBe(true);
    expect(isUniqueViolation(err, 'autre_contrainte')).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '23503' }))).toBe(false);
  });
});
