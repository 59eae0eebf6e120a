import { saasTemplates } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { tagVersion } from './tag-version';

describe('the version a catalogue card shows', () => {
  it('is the first part of the tag holding a digit', () => {
    expect(tagVersion('6.4-apache')).toBe('6.4');
    expect(tagVersion('apache-2.26.0')).toBe('2.26.0');
    expect(tagVersion('postgresql-v2.14.0')).toBe('v2.14.0');
    expect(tagVersion('16-postgres-tomcat')).toBe('16');
    expect(tagVersion('v4.1.0')).toBe('v4.1.0');
    expect(tagVersion('apache')).toBe('apache');
  });

  it('holds a digit for every application of the catalogue', () => {
    for (const t of Object.values(saasTemplates)) expect(tagVersion(t.tag), t.id).toMatch(/\d/);
  });
});
