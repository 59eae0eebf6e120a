import type { RuntimeDriver, RuntimeName } from './driver';

/** What the API needs from the deployment engine. */
export interface Engine {
  readonly runtime: RuntimeName;
  readonly driver: RuntimeDriver;
  /** Asks the reconciler to look for work now (desired state was just written). */
  wake(): void;
}
