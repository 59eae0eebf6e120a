import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('APPS_DOMAIN', () => {
  it('is optional, and lower-cased when set', () => {
    expect(loadConfig({}).appsDomain).toBeUndefined();
    expect(loadConfig({ APPS_DOMAIN: '' }).appsDomain).toBeUndefined();
    expect(loadConfig({ APPS_DOMAIN: 'Apps.Example.COM' }).appsDomain).toBe('apps.example.com');
  });

  it.each([
    'https://apps.example.com',
    'apps.example.com:443',
    'localhost',
    '*.apps.example.com',
    'apps..example.com',
    'apps.example.com/',
  ])('refuses %s at start, naming the variable', (value) => {
    expect(() => loadConfig({ APPS_DOMAIN: value })).toThrow(ConfigError);
    expect(() => loadConfig({ APPS_DOMAIN: value })).toThrow(/APPS_DOMAIN/);
  });
});
