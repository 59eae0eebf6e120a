import { createHash } from 'node:crypto';
import type { DeploymentObject } from '../../manifests/types';

/**
 * The hash of the pod template the platform rendered, kept on its Deployment (an annotation
 * outside the template, so it rolls nothing): before anything is sent, it tells a new release
 * from a scale or a re-apply, whatever defaults the API server added to the stored template.
 */
export const TEMPLATE_HASH = 'nuagedeploy.io/template-hash';

export const templateHash = (d: DeploymentObject) =>
  createHash('sha256')
    .update(JSON.stringify(d.spec?.template ?? {}))
    .digest('hex')
    .slice(0, 16);
