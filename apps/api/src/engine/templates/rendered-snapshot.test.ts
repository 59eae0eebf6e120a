import { saasTemplateIds, saasTemplates } from '@nuage/shared/catalog';
import { describe, expect, it } from 'vitest';
import { createBody } from '../drivers/docker/container-create-body';
import {
  applicationPlan,
  databasePlan,
  replicaPlan,
  setupPlan,
} from '../drivers/docker/container-spec';
import { renderApplication } from '../manifests/application';
import { fakeImageRuns } from '../../../test/engine/docker/fake-image-runs';
import { makeSpec, VARIANTS } from '../../../test/engine/manifests/test-fixtures';

/**
 * The objects the six original templates render, for fixed inputs, stored before the catalogue
 * became data (issue 30 item 3): the conversion must not change one field of them. A change
 * here is a change of behaviour of running customers' applications, not a snapshot to update.
 */
const KEY = Buffer.alloc(32, 7);
const ORIGINAL = ['odoo', 'wordpress', 'joomla', 'drupal', 'nextcloud', 'matomo'] as const;
const withTls = VARIANTS.find((v) => v.tls)!;

describe('the six original templates render exactly what they rendered before the move to data', () => {
  it('are still all in the catalogue', () => {
    for (const id of ORIGINAL) expect(saasTemplateIds).toContain(id);
  });

  it.each(ORIGINAL)('%s: catalogue entry', (id) => {
    expect(saasTemplates[id]).toMatchSnapshot();
  });

  it.each(ORIGINAL)('%s: runtime-neutral spec, Kubernetes objects and docker containers', (id) => {
    for (const variant of [VARIANTS[0]!, withTls]) {
      const spec = makeSpec({ template: id, variant });
      expect(spec).toMatchSnapshot(`${variant.label}: spec`);
      expect(renderApplication(spec)).toMatchSnapshot(`${variant.label}: kubernetes`);
      const runs = fakeImageRuns(spec);
      const app = applicationPlan(spec, KEY, runs);
      const db = databasePlan(spec, KEY, runs);
      const setup = setupPlan(spec, KEY, runs);
      expect({
        app: createBody(replicaPlan(app, 0)),
        database: db ? createBody(db) : null,
        setup: setup ? createBody(setup) : null,
      }).toMatchSnapshot(`${variant.label}: docker`);
    }
  });
});
