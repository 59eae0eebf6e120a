import http from 'node:http';
import type { Readable } from 'node:stream';
import { ENGINE_API_VERSION } from '../../drivers/docker/engine-client';

export interface StreamedAnswer {
  status: number;
  /** The body, when the status is an error (the engine's JSON message). */
  errorBody: string;
}

/**
 * A long Engine API request whose request body is streamed (the build context) and whose answer
 * is handed over chunk by chunk (progress). The EngineClient buffers bodies; a build context
 * can be hundreds of megabytes, so it is piped instead. Aborting the signal destroys the
 * connection (the engine sees the client go).
 */
export function streamEngineRequest(
  socketPath: string,
  method: string,
  path: string,
  opts: {
    query?: Record<string, string>;
    headers?: Record<string, string>;
    body?: Readable;
    signal: AbortSignal;
    onData: (chunk: Buffer) => void;
  },
): Promise<StreamedAnswer> {
  const qs = new URLSearchParams(opts.query ?? {}).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        method,
        path: `/${ENGINE_API_VERSION}${path}${qs ? `?${qs}` : ''}`,
        headers: {
          host: 'docker',
          ...(opts.body
            ? { 'content-type': 'application/x-tar', 'transfer-encoding': 'chunked' }
            : {}),
          ...opts.headers,
        },
        signal: opts.signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let errorBody = '';
        res.on('data', (chunk: Buffer) => {
          if (status >= 400) errorBody += chunk.toString('utf8');
          else opts.onData(chunk);
        });
        res.on('end', () => resolve({ status, errorBody }));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('connexion au moteur de conteneurs interrompue'));
        });
      },
    );
    req.on('error', reject);
    if (opts.body) {
      opts.body.on('error', (err) => req.destroy(err));
      opts.body.pipe(req);
    } else req.end();
  });
}
