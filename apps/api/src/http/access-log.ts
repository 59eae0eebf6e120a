import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './logging';

/** A request slower than this is logged as a warning, whatever the level. */
export const SLOW_REQUEST_MS = 1000;

const levelValue: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * One compact line per request, once it is answered: method, URL (secrets masked), status and
 * time. It replaces Fastify's two lines ("incoming request", "request completed"), which
 * serialised the request and the reply objects and cost a third of a request's CPU at
 * LOG_LEVEL=info (issue 32). Answers in error (5xx, or the connection failed) and slow ones
 * are logged at error and warn, so LOG_LEVEL=warn keeps them while dropping the rest. Fastify's
 * other lines (handler errors, stream errors, a failing serializer) stay as they are.
 */
export class CompactRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const level = error || status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : 'info';
    // The URL is masked only for a line that is written.
    if ((levelValue[level] ?? 0) < (levelValue[request.log.level] ?? Infinity)) return;
    request.log[level](
      {
        method: request.method,
        url: redactUrl(request.url),
        status,
        ms,
        ...(error ? { err: error } : {}),
      },
      level === 'info' ? 'request' : level === 'warn' ? 'slow request' : 'request failed',
    );
  }
}
