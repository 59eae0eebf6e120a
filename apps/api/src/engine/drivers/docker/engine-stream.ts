import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RuntimeRejectedError, RuntimeUnavailableError } from '../../driver';
import { ENGINE_API_VERSION, type EngineClient } from './engine-client';
import { runtimeErrorTexts } from '@nuage/shared/messages/runtime';

/**
 * Engine API calls whose bodies are streams (backups: a files volume, a database dump), so
 * that gigabytes go through with bounded memory: a request body is piped from a stream, a
 * response body is handed over as a stream that the caller pipes (its backpressure pauses the
 * socket), never collected into one Buffer as EngineClient.request does.
 */

const ERROR_KEPT = 4096;

function fullPath(path: string, query: Record<string, string> = {}): string {
  const qs = new URLSearchParams(query).toString();
  return `/${ENGINE_API_VERSION}${path}${qs ? `?${qs}` : ''}`;
}

function unavailable(what: string, err: Error): RuntimeUnavailableError {
  return new RuntimeUnavailableError(`container engine unreachable (${what}): ${err.message}`, {
    cause: err,
  });
}

/** The first few KB of an error answer (the engine's message), the rest discarded. */
export async function errorText(res: Readable): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    if (text.length < ERROR_KEPT) text += (chunk as Buffer).toString('utf8');
  }
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 500);
}

export interface StreamedResponse {
  status: number;
  body: http.IncomingMessage;
}

/**
 * Opens a request and answers as soon as the status line arrives; the caller consumes `body`.
 * `upload` (raw bytes: a tar, or a JSON document) is piped into the request with backpressure.
 */
export function openStream(
  client: EngineClient,
  method: string,
  path: string,
  opts: {
    query?: Record<string, string>;
    upload?: AsyncIterable<unknown>;
    json?: unknown;
    timeoutMs: number;
  },
): Promise<StreamedResponse> {
  const what = `${method} ${path}`;
  const json = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  return new Promise((resolve, reject) => {
    const req = http.request({
      socketPath: client.socketPath,
      method,
      path: fullPath(path, opts.query),
      headers: {
        host: 'docker',
        ...(json ? { 'content-type': 'application/json', 'content-length': json.length } : {}),
        // Unknown length: chunked transfer, which both Docker and Podman read.
        ...(opts.upload ? { 'content-type': 'application/x-tar' } : {}),
      },
    });
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)),
      opts.timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err) => reject(unavailable(what, err)));
    req.on('response', (res) => {
      res.on('error', () => undefined); // reported to whoever consumes the body
      resolve({ status: res.statusCode ?? 0, body: res });
    });
    if (opts.upload) {
      pipeline(opts.upload, req).catch((err: Error) => {
        req.destroy(err);
        reject(unavailable(what, err));
      });
    } else req.end(json);
  });
}

/**
 * PUT /containers/{id}/archive from a stream (a tar): the engine unpacks it under `path`.
 * Refuses with the engine's own message.
 */
export async function putArchiveStream(
  client: EngineClient,
  containerId: string,
  path: string,
  tar: AsyncIterable<unknown>,
  timeoutMs = 60 * 60_000,
): Promise<void> {
  const res = await openStream(client, 'PUT', `/containers/${containerId}/archive`, {
    query: { path },
    upload: tar,
    timeoutMs,
  });
  if (res.status >= 400) {
    throw new RuntimeRejectedError(
      runtimeErrorTexts.writeFailed(
        `${ENGINE_API_VERSION} archive ${res.status}`,
        await errorText(res.body),
      ),
    );
  }
  await drain(res.body);
}

/** Reads a body to its end (an answer nobody needs), failing if the connection breaks. */
export async function drain(body: Readable): Promise<void> {
  for await (const chunk of body) void chunk;
}
