// Types of docker-engine.mjs (used by e2e/docker-runtime.test.ts).

export declare const LABELS: {
  component: string;
  deploymentId: string;
  environmentId: string;
};
export declare const CATALOGUE: { application: string; database: string; setup: string };

export declare function dockerSocket(env?: NodeJS.ProcessEnv): string | null;

export declare class EngineHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string);
}

export interface EngineRequest {
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  timeoutMs?: number;
}

/** The fields of `GET /containers/{id}/json` the tests read. */
export interface ContainerInspect {
  Id: string;
  Name: string;
  Config: {
    Hostname: string;
    Image: string;
    Env: string[] | null;
    Labels: Record<string, string> | null;
  };
  State: { Status: string; Running: boolean; StartedAt: string; ExitCode: number };
}

export interface ContainerSummary {
  Id: string;
  Names?: string[];
  State: string;
  Labels?: Record<string, string> | null;
}

export interface VolumeSummary {
  Name: string;
  Labels?: Record<string, string> | null;
}

export declare class Engine {
  readonly socketPath: string;
  constructor(socketPath: string);
  send(
    method: string,
    path: string,
    opts?: EngineRequest,
  ): Promise<{ status: number; body: Buffer }>;
  json<T = unknown>(method: string, path: string, opts?: EngineRequest): Promise<T>;
  answers(): Promise<boolean>;
  containers(filters: Record<string, string[]>): Promise<ContainerSummary[]>;
  inspect(idOrName: string): Promise<ContainerInspect | null>;
  volumes(filters: Record<string, string[]>): Promise<VolumeSummary[]>;
  network(name: string): Promise<{ Name: string; Labels?: Record<string, string> } | null>;
  networks(filters: Record<string, string[]>): Promise<{ Name: string }[]>;
  imageExists(ref: string): Promise<boolean>;
  removeContainer(id: string): Promise<void>;
  removeVolume(name: string): Promise<void>;
  removeNetwork(name: string): Promise<void>;
  removeImage(ref: string): Promise<void>;
}

export declare function detectEngine(
  env?: NodeJS.ProcessEnv,
): Promise<
  | { engine: Engine; socket: string; skipReason: null }
  | { engine: null; socket: string | null; skipReason: string }
>;

export declare function buildImage(
  engine: Engine,
  ref: string,
  opts: { cmd: string; files?: Record<string, string | { content: string; mode: number }> },
): Promise<void>;

export interface ImageRef {
  repository: string;
  tag: string;
}

export declare function prepareWordpressImages(
  engine: Engine,
  prefix: string,
  opts?: { slowAppSeconds?: number },
): Promise<{
  app: ImageRef;
  slowApp: ImageRef;
  /** IMAGE_OVERRIDES for the server: the catalogue's database and wp-cli → the stand-ins. */
  imageOverrides: string;
  cleanup(): Promise<void>;
}>;

export interface ApplicationObjects {
  containers: { id: string; name: string; state: string; component: string | null }[];
  volumes: { name: string; component: string | null }[];
}

export declare function objectsOf(
  engine: Engine,
  deploymentId: string,
  name?: string | null,
): Promise<ApplicationObjects>;

export declare function sweep(
  engine: Engine,
  opts: { deployments?: { id: string; name?: string | null }[]; networks?: string[] },
): Promise<void>;
