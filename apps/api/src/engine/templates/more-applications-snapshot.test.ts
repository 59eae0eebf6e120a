import { saasTemplateIds, saasTemplates, type SaasTemplateId } from '@nuage/shared/catalog';
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
import { DOCUMENTED_MORE } from '../../../test/engine/templates/documented-more';

/**
 * The objects the applications added for the 26-application catalogue render, for fixed inputs
 * (a domain with its certificate): any change of what runs for a customer shows here, field by
 * field, as rendered-snapshot.test.ts does for the six original ones.
 */
const KEY = Buffer.alloc(32, 7);
const MORE = Object.keys(DOCUMENTED_MORE) as SaasTemplateId[];
const withTls = VARIANTS.find((v) => v.tls)!;

describe('the applications added for the 26-application catalogue render what they rendered', () => {
  it('are all in the catalogue', () => {
    expect(MORE.length).toBeGreaterThanOrEqual(8);
    for (const id of MORE) expect(saasTemplateIds).toContain(id);
  });

  it.each(MORE)('%s: catalogue entry', (id) => {
    expect(saasTemplates[id]).toMatchSnapshot();
  });

  it.each(MORE)('%s: runtime-neutral spec, Kubernetes objects and docker containers', (id) => {
    const spec = makeSpec({ template: id, variant: withTls });
    expect(spec).toMatchSnapshot('spec');
    expect(renderApplication(spec)).toMatchSnapshot('kubernetes');
    const runs = fakeImageRuns(spec);
    const app = applicationPlan(spec, KEY, runs);
    const db = databasePlan(spec, KEY, runs);
    const setup = setupPlan(spec, KEY, runs);
    expect({
      app: createBody(replicaPlan(app, 0)),
      database: db ? createBody(db) : null,
      setup: setup ? createBody(setup) : null,
    }).toMatchSnapshot('docker');
  });
});
