import type { KubeConfig } from '@kubernetes/client-node';
import http from 'node:http';
import https from 'node:https';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';

/**
 * A small REST client over the kubeconfig's connection and credentials. client-node 1.4's
 * KubernetesObjectApi.patch would need a discovery round-trip per kind and re-serialises bodies
 * through its typed models; calling the paths directly keeps every request (content type,
 * query, body) exactly what is tested against the fake API server.
 */

export const FIELD_MANAGER = 'nuagedeploy';

export const CONTENT_TYPES = {
  apply: 'application/apply-patch+yaml',
  merge: 'application/merge-patch+json',
  json: 'application/json',
} as const;

export interface KubeRequest {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON (valid YAML too, for apply patches). */
  body?: unknown;
  contentType?: string;
}

/** The API answered and refused: carries its HTTP code and Status reason (NotFound, Conflict, Invalid…). */
export class KubeApiRejection extends RuntimeRejectedError {
  constructor(
    message: string,
    readonly code: number,
    readonly reason: string | null,
  ) {
    super(message);
  }
}

/** The API did not answer, or answered 5xx/429 (`code`, null when it did not answer at all). */
export class KubeApiUnavailable extends RuntimeUnavailableError {
  constructor(
    message: string,
    readonly code: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface StatusBody {
  message?: unknown;
  reason?: unknown;
}

function statusOf(text: string): StatusBody {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as StatusBody) : {};
  } catch {
    return {};
  }
}

export class KubeClient {
  constructor(
    private readonly config: KubeConfig,
    private readonly timeoutMs = 15_000,
  ) {}

  get server(): string {
    const server = this.config.getCurrentCluster()?.server;
    if (!server)
      throw new RuntimeUnavailableError(
        'Aucun serveur Kubernetes configuré (kubeconfig sans cluster).',
      );
    return server.replace(/\/+$/, '');
  }

  /** The response text of a 2xx; throws the mapped runtime error otherwise. */
  async text(method: string, path: string, req: KubeRequest = {}): Promise<string> {
    const url = new URL(this.server + path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const options: https.RequestOptions = {};
    try {
      // Bearer token, client certificate, exec plugin, CA: whatever the kubeconfig says.
      await this.config.applyToHTTPSOptions(options);
    } catch (error) {
      throw new RuntimeUnavailableError(
        `Identifiants Kubernetes inutilisables : ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: http.OutgoingHttpHeaders = {
      // applyToHTTPSOptions always sets an object (Authorization…), never the raw-array form.
      ...(options.headers as http.OutgoingHttpHeaders | undefined),
      Accept: 'application/json, */*',
      ...(body !== undefined ? { 'Content-Type': req.contentType ?? CONTENT_TYPES.json } : {}),
    };
    const { status, text } = await this.send(
      url,
      { ...options, method, headers, timeout: this.timeoutMs },
      body,
    );
    if (status >= 200 && status < 300) return text;
    const parsed = statusOf(text);
    const message =
      typeof parsed.message === 'string' && parsed.message ? parsed.message : text.slice(0, 500);
    // 429 (throttled) is as transient as a 5xx: the reconciler retries later.
    if (status >= 500 || status === 429) {
      throw new KubeApiUnavailable(
        `L’API Kubernetes ne répond pas (HTTP ${status}) : ${message}`,
        status,
      );
    }
    throw new KubeApiRejection(
      message || `HTTP ${status}`,
      status,
      typeof parsed.reason === 'string' ? parsed.reason : null,
    );
  }

  async json<T>(method: string, path: string, req: KubeRequest = {}): Promise<T> {
    return JSON.parse(await this.text(method, path, req)) as T;
  }

  private send(
    url: URL,
    options: https.RequestOptions,
    body: string | undefined,
  ): Promise<{ status: number; text: string }> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(unavailable(url, error)));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      );
      request.on('error', (error) => reject(unavailable(url, error)));
      request.end(body);
    });
  }
}

function unavailable(url: URL, error: Error & { code?: string }): RuntimeUnavailableError {
  return new KubeApiUnavailable(
    `API Kubernetes injoignable (${error.code ?? error.message}) : ${url.origin}`,
    null,
    {
      cause: error,
    },
  );
}

export const isNotFound = (error: unknown) =>
  error instanceof KubeApiRejection && error.code === 404;
