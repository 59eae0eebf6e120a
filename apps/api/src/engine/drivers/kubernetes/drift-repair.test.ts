import { describe, expect, it } from 'vitest';
import { makeSpec } from '../../../../test/engine/manifests/test-fixtures';
import { DriftRepair } from './drift-repair';
import type { CacheEvent } from './watch-cache';

/**
 * What the driver does with a watched deletion: an object of an application it applied comes
 * back (applied again); one of an application it does not know yet (the platform restarted) is
 * reported to the reconciler, which passes that application at once; pods and Jobs (deleted by
 * their controllers and TTLs) are neither.
 */
const spec = makeSpec({ template: 'wordpress' });
const deleted = (kind: CacheEvent['kind'], name: string, deploymentId: string): CacheEvent => ({
  type: 'DELETED',
  kind,
  object: { metadata: { name, labels: { 'nuagedeploy.io/deployment-id': deploymentId } } },
});

function repair() {
  const applied: string[] = [];
  const unknown: string[] = [];
  const drift = new DriftRepair(
    { environment: async () => {}, application: async (s) => void applied.push(s.deploymentId) },
    10,
  );
  drift.onUnknown((id) => unknown.push(id));
  return { drift, applied, unknown };
}

describe('drift repair from watch events', () => {
  it('applies a known application again when one of its serving objects is deleted', async () => {
    const { drift, applied, unknown } = repair();
    drift.rememberApplication(spec, new Set([`Ingress/${spec.name}`]));
    drift.seen(spec.namespace, deleted('Ingress', spec.name, spec.deploymentId));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([spec.deploymentId]);
    expect(unknown).toEqual([]);
  });

  it('reports a deletion of an application it does not know to the reconciler', () => {
    const { drift, applied, unknown } = repair();
    drift.seen(spec.namespace, deleted('StatefulSet', 'site-db', 'inconnue'));
    expect(unknown).toEqual(['inconnue']);
    expect(applied).toEqual([]);
  });

  it('leaves pods and finished Jobs deleted by their controllers alone', async () => {
    const { drift, applied, unknown } = repair();
    drift.rememberApplication(spec, new Set([`Job/${spec.name}-setup`]));
    drift.seen(spec.namespace, deleted('Job', `${spec.name}-setup`, spec.deploymentId));
    drift.seen(spec.namespace, deleted('Pod', `${spec.name}-abc`, spec.deploymentId));
    drift.seen(spec.namespace, deleted('Job', 'x-setup', 'inconnue'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('leaves an application held by a backup alone, and repairs a deletion once the hold ends', async () => {
    const { drift, applied } = repair();
    drift.rememberApplication(spec, new Set([`Deployment/${spec.name}`]));
    let release!: () => void;
    const held = drift.holding(spec.deploymentId, () => new Promise<void>((r) => (release = r)));
    await drift.resync();
    drift.seen(spec.namespace, deleted('Deployment', spec.name, spec.deploymentId));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([]);
    release();
    await held;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(applied).toEqual([spec.deploymentId]);
    // Released: the next resync applies it again as any other.
    await drift.resync();
    expect(applied).toEqual([spec.deploymentId, spec.deploymentId]);
  });
});
