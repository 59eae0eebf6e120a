import { saasTemplateIds } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SIZE, platforms } from './content';

describe('the landing page’s catalogue', () => {
  it('announces as many applications as the catalogue has', () => {
    expect(CATALOGUE_SIZE).toBe(saasTemplateIds.length);
    const points = platforms.flatMap((p) => p.points);
    expect(points).toContain(
      `${saasTemplateIds.length} applications : CRM, comptabilité, projets, wiki, supervision…`,
    );
  });
});
