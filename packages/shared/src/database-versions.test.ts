import { describe, expect, it } from 'vitest';
import { compareVersions, majorOf, upgradesOf } from './database-versions';

describe('database version upgrades', () => {
  it('names the major as each engine does', () => {
    expect(majorOf('postgresql', '16.4')).toBe('16');
    expect(majorOf('mariadb', '10.11.9')).toBe('10.11');
    expect(majorOf('mariadb', '11.4')).toBe('11.4');
    expect(majorOf('redis', '7.2')).toBe('7');
  });

  it('orders numerically, a floating tag above the versions it follows', () => {
    expect(compareVersions('16.10', '16.9')).toBeGreaterThan(0);
    expect(compareVersions('16.2', '16.4')).toBeLessThan(0);
    expect(compareVersions('16', '16.4')).toBeGreaterThan(0);
    expect(compareVersions('16.4', '16.4')).toBe(0);
  });

  it('offers only newer versions of the same major, newest first', () => {
    const offered = ['16.4', '16.2', '15.8', '17.0', '16', '16.10'];
    expect(upgradesOf('postgresql', '16.2', offered)).toEqual(['16', '16.10', '16.4']);
    expect(upgradesOf('postgresql', '16', offered)).toEqual([]);
    expect(upgradesOf('mariadb', '10.11.6', ['10.11.9', '11.4.2', '10.6.19'])).toEqual(['10.11.9']);
    expect(upgradesOf('redis', '7.0', ['7.2', '6.2'])).toEqual(['7.2']);
  });
});
