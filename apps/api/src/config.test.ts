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

describe('IMAGE_OVERRIDES', () => {
  it('maps catalogue images to the operator’s references', () => {
    expect(
      loadConfig({ IMAGE_OVERRIDES: 'docker.io/library/mariadb:10.11=mirror.local/mariadb:10.11' })
        .imageOverrides,
    ).toEqual(new Map([['docker.io/library/mariadb:10.11', 'mirror.local/mariadb:10.11']]));
    expect(loadConfig({}).imageOverrides.size).toBe(0);
  });

  it('refuses a malformed entry, naming the variable', () => {
    expect(() => loadConfig({ IMAGE_OVERRIDES: 'mariadb' })).toThrow(
      /IMAGE_OVERRIDES: "mariadb" is not image=replacement/,
    );
  });
});
