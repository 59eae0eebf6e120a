import { describe, expect, it } from 'vitest';
import { availableUpdate, versionLabels } from './application-update';
import { applicationTemplateOf } from './catalog';
import { updatesProblem } from './schemas/template-updates';
import { parseApplicationFiles } from './schemas/application-template';
import wordpress from './applications/wordpress.json';

const template = {
  image: 'docker.io/library/nextcloud',
  tag: '29-apache',
  updates: [
    { from: '27-apache', to: '28-apache', notes: 'Nextcloud 28 : une version majeure à la fois.' },
    { from: '28-apache', to: '29-apache', notes: 'Nextcloud 29 : nouvelles applications.' },
  ],
};
const app = (imageTag: string, extra: Partial<Parameters<typeof availableUpdate>[1]> = {}) => ({
  sourceKind: 'template',
  imageRegistryUrl: 'docker.io/library/nextcloud',
  imageTag,
  ...extra,
});

describe('availableUpdate', () => {
  it('offers the announced step from the tag the application runs, with its notes', () => {
    expect(availableUpdate(template, app('28-apache'))).toEqual({
      from: '28-apache',
      to: '29-apache',
      notes: 'Nextcloud 29 : nouvelles applications.',
    });
  });

  it('offers one step at a time to an application several versions behind', () => {
    expect(availableUpdate(template, app('27-apache'))?.to).toBe('28-apache');
  });

  it('offers nothing on the current tag, on a tag no update names, or on an image chosen by hand', () => {
    expect(availableUpdate(template, app('29-apache'))).toBeNull();
    expect(availableUpdate(template, app('26-apache'))).toBeNull();
    expect(
      availableUpdate(template, app('28-apache', { imageRegistryUrl: 'ghcr.io/me/nextcloud' })),
    ).toBeNull();
    expect(availableUpdate(template, app('28-apache', { sourceKind: 'image' }))).toBeNull();
    expect(availableUpdate({ ...template, updates: undefined }, app('28-apache'))).toBeNull();
  });

  it('reads WordPress’s announced update from its application file', () => {
    const wp = applicationTemplateOf.wordpress;
    const step = wp.updates?.[0];
    expect(step?.to).toBe(wp.tag);
    expect(
      availableUpdate(wp, {
        sourceKind: 'template',
        imageRegistryUrl: wp.image,
        imageTag: step!.from,
      }),
    ).toMatchObject({ from: step!.from, to: wp.tag });
  });
});

describe('updatesProblem (application files)', () => {
  it('accepts chains that end at the current tag', () => {
    expect(updatesProblem(template.tag, template.updates)).toBeNull();
  });

  it('refuses an update from the current tag, two from one tag, a loop and a dead end', () => {
    const u = (from: string, to: string) => ({ from, to, notes: 'notes de la version' });
    expect(updatesProblem('2', [u('2', '3')])).toMatch(/étiquette actuelle/);
    expect(updatesProblem('3', [u('1', '3'), u('1', '2')])).toMatch(/deux mises à jour/);
    expect(updatesProblem('3', [u('1', '2'), u('2', '1')])).toMatch(/n'aboutit pas/);
    expect(updatesProblem('3', [u('1', '2')])).toMatch(/n'aboutit pas.*« 3 »/);
  });

  it('stops the catalogue load with the file and the field', () => {
    const broken = {
      ...wordpress,
      updates: [{ from: wordpress.tag, to: '9', notes: 'notes x y z' }],
    };
    expect(() => parseApplicationFiles({ wordpress: broken })).toThrow(
      /applications\/wordpress\.json : champ « updates » : « 6\.4-apache » est l'étiquette actuelle/,
    );
  });
});

describe('versionLabels', () => {
  it('drops a variant suffix both tags share, and only then', () => {
    expect(versionLabels('6.3-apache', '6.4-apache')).toEqual({ from: '6.3', to: '6.4' });
    expect(versionLabels('16.0', '17.0')).toEqual({ from: '16.0', to: '17.0' });
    expect(versionLabels('8.1-fpm', '8.2-apache')).toEqual({ from: '8.1-fpm', to: '8.2-apache' });
  });
});
