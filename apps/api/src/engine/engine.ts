import type { ApplicationSpecs } from './specs/application-specs';
import type { RuntimeDriver, RuntimeName } from './driver';

/** What the API needs from the deployment engine. */
export interface Engine {
  readonly runtime: RuntimeName;
  readonly driver: RuntimeDriver;
  /** The specs this engine applies: backups and restores hand the runtime the same ones. */
  readonly specs: ApplicationSpecs;
  /** Asks the reconciler to look for work now (desired state was just written). */
  wake(): void;
}
