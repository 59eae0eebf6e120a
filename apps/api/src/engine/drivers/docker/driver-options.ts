import type { EngineClient } from './engine-client';
import type { EdgeOptions } from './edge/edge-proxy';
import type { EdgeChallengeSource, EdgeRouteSource } from './edge/routes';
import type { GuardLog, GuardOptions } from './guard/network-guard';
import type { SetupOptions } from './setup-job';

/** What the docker runtime is built with (server.ts, tests). */
export interface DockerDriverOptions {
  /** Keys the spec hash written in labels (the server's hash key, secrets.ts). */
  hashKey: Buffer;
  /** Default: dockerSocketPath() (DOCKER_HOST, Docker's socket, Podman's). */
  socketPath?: string;
  /** A ready-made transport (tests wrap it to cut the engine off at a chosen request). */
  client?: EngineClient;
  /** The edge proxy container (image, ports, admin socket directory). */
  edge: EdgeOptions;
  /** The platform's routing table (hostnames, certificates, URLs); default: `<label>.localhost`. */
  routes?: EdgeRouteSource;
  /** Pending HTTP-01 answers of the platform's ACME orders, served by the proxy; default: none. */
  challenges?: EdgeChallengeSource;
  /**
   * The network guard container (image, name, rules directory); without it the engine's own
   * isolation is all there is (tests of other parts).
   */
  guard?: GuardOptions;
  /**
   * The server's logger: a guard that cannot run, an image without a shell whose secret
   * variables stay in the environment (`warn`).
   */
  log?: GuardLog & { warn?(obj: object, msg: string): void };
  requestTimeoutMs?: number;
  pullTimeoutMs?: number;
  /**
   * How long an update waits for a new replica to be ready; past it (or as soon as the new
   * replica exits) the new one is removed and the old one keeps serving (ReleaseNotReadyError).
   */
  readyWaitMs?: number;
  setup?: Partial<SetupOptions>;
  /** How old the host's volume sizes (`/system/df`) may be before they are read again (300 s). */
  volumeUsageEveryMs?: number;
}
