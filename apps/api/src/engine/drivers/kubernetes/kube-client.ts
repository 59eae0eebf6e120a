import type { KubeConfig } from '@kubernetes/client-node';
import http from 'node:http';
import https from 'node:https';
import WebSocket from 'ws';
import { USER_AGENT } from '../../../lib/platform-version';
import { RuntimeUnavailableError } from '../../driver';
import { rejectionOf, unavailable } from './kube-errors';
import { RateLimiter } from './rate-limiter';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

export { KubeApiRejection, KubeApiUnavailable, isNotFound } from './kube-errors';
export { RateLimiter } from './rate-limiter';

/**
 * A small REST client over the kubeconfig's connection and credentials. client-node 1.4's
 * KubernetesObjectApi.patch would need a discovery round-trip per kind and re-serialises bodies
 * through its typed models; calling the paths directly keeps every request (content type,
 * query, body) exactly what is tested against the fake API server. What its answers mean
 * (kube-errors.ts) and its rate limit (rate-limiter.ts) have files of their own, re-exported
 * here for callers.
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

export interface WatchHandlers {
  /** One event of the stream (ADDED, MODIFIED, DELETED, BOOKMARK, ERROR). */
  onEvent(type: string, object: Record<string, unknown>): void;
}

export class KubeClient {
  private agent: http.Agent | undefined;
  private agentKey = '';
  readonly limiter: RateLimiter;

  constructor(
    private readonly config: KubeConfig,
    private readonly timeoutMs = 15_000,
    limits: { qps?: number; burst?: number } = {},
  ) {
    this.limiter = new RateLimiter(limits.qps, limits.burst);
  }

  /**
   * client-node builds a new agent at every applyToHTTPSOptions (a TLS handshake per request);
   * one keep-alive agent per TLS identity is kept instead, rebuilt if the identity changes.
   */
  private agentFor(url: URL, options: https.RequestOptions): http.Agent {
    const key = JSON.stringify([
      url.protocol,
      options.ca,
      options.cert,
      options.key,
      options.rejectUnauthorized,
      options.servername,
    ]);
    if (!this.agent || key !== this.agentKey) {
      this.agent?.destroy();
      this.agentKey = key;
      this.agent =
        url.protocol === 'https:'
          ? new https.Agent({
              keepAlive: true,
              ...(options.ca ? { ca: options.ca } : {}),
              ...(options.cert ? { cert: options.cert } : {}),
              ...(options.key ? { key: options.key } : {}),
              ...(options.rejectUnauthorized !== undefined
                ? { rejectUnauthorized: options.rejectUnauthorized }
                : {}),
              ...(options.servername ? { servername: options.servername } : {}),
            })
          : new http.Agent({ keepAlive: true });
    }
    return this.agent;
  }

  close(): void {
    this.agent?.destroy();
    this.agent = undefined;
  }

  /** URL, headers and agent of a request, with the kubeconfig's current credentials. */
  private async prepare(
    method: string,
    path: string,
    req: KubeRequest,
  ): Promise<{ url: URL; options: https.RequestOptions; body: string | undefined }> {
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
        { cause: error },
      );
    }
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: http.OutgoingHttpHeaders = {
      // applyToHTTPSOptions always sets an object (Authorization…), never the raw-array form.
      ...(options.headers as http.OutgoingHttpHeaders | undefined),
      Accept: 'application/json, */*',
      // The API server's audit log and its API Priority and Fairness see who calls.
      'User-Agent': USER_AGENT,
      ...(body !== undefined ? { 'Content-Type': req.contentType ?? CONTENT_TYPES.json } : {}),
    };
    const agent = this.agentFor(url, options);
    await this.limiter.take();
    return { url, options: { ...options, agent, method, headers }, body };
  }

  /**
   * A watch stream: resolves when the server ends it (timeout, restart), rejects when it cannot
   * be opened; `signal` ends it from this side. Events are newline-delimited JSON.
   */
  async watch(
    path: string,
    query: KubeRequest['query'],
    handlers: WatchHandlers,
    signal: AbortSignal,
  ): Promise<void> {
    const { url, options } = await this.prepare('GET', path, { query: { ...query, watch: true } });
    const transport = url.protocol === 'https:' ? https : http;
    await new Promise<void>((resolve, reject) => {
      const request = transport.request(url, { ...options, signal }, (response) => {
        if ((response.statusCode ?? 0) >= 300) {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () =>
            reject(rejectionOf(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))),
          );
          return;
        }
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          pending += chunk;
          let newline: number;
          while ((newline = pending.indexOf('\n')) >= 0) {
            const line = pending.slice(0, newline).trim();
            pending = pending.slice(newline + 1);
            if (!line) continue;
            const event = JSON.parse(line) as { type: string; object: Record<string, unknown> };
            handlers.onEvent(event.type, event.object);
          }
        });
        response.on('end', () => resolve());
        response.on('error', () => resolve());
      });
      request.on('error', (error) =>
        signal.aborted ? resolve() : reject(unavailable(url, error)),
      );
      request.end();
    });
  }

  /**
   * A WebSocket to `path` (pods/exec) with the kubeconfig's credentials and TLS identity; the
   * caller waits for `open` (or `unexpected-response`: the API server's refusal).
   */
  async webSocket(path: string, query: URLSearchParams, protocol: string): Promise<WebSocket> {
    const { url, options } = await this.prepare('GET', path, {});
    url.search = query.toString();
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return new WebSocket(url, [protocol], {
      headers: options.headers as Record<string, string>,
      handshakeTimeout: this.timeoutMs,
      ...(options.ca ? { ca: options.ca } : {}),
      ...(options.cert ? { cert: options.cert } : {}),
      ...(options.key ? { key: options.key } : {}),
      ...(options.rejectUnauthorized !== undefined
        ? { rejectUnauthorized: options.rejectUnauthorized }
        : {}),
      ...(options.servername ? { servername: options.servername } : {}),
    });
  }

  get server(): string {
    const server = this.config.getCurrentCluster()?.server;
    if (!server) throw new RuntimeUnavailableError(runtimeErrorTexts.noKubernetesServer);
    return server.replace(/\/+$/, '');
  }

  /** The response text of a 2xx; throws the mapped runtime error otherwise. */
  async text(method: string, path: string, req: KubeRequest = {}): Promise<string> {
    const { url, options, body } = await this.prepare(method, path, req);
    let answer: { status: number; text: string };
    try {
      answer = await this.send(url, { ...options, timeout: this.timeoutMs }, body);
    } catch (error) {
      // A kept-alive connection the server (or a load balancer) closed while idle: the request
      // never reached it. Every call of the driver is idempotent (apply, get, list, delete), so
      // it is sent once more on a new connection.
      const code = ((error as Error).cause as { code?: string } | undefined)?.code;
      if (code !== 'ECONNRESET' && code !== 'EPIPE') throw error;
      answer = await this.send(url, { ...options, timeout: this.timeoutMs }, body);
    }
    const { status, text } = answer;
    if (status >= 200 && status < 300) return text;
    throw rejectionOf(status, text);
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
