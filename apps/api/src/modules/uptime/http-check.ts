import { uptimeReasons } from '@nuage/shared/messages/uptime';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface CheckResult {
  ok: boolean;
  /** The answer's status, null when none came. */
  statusCode: number | null;
  durationMs: number;
  /** French, null when up. */
  reason: string | null;
}

export interface HttpCheckTarget {
  /** The application's own address (`https://boutique-prod-acme.apps.example.com`). */
  baseUrl: string;
  path: string;
  /** null: any 2xx or 3xx counts as up (a redirect to a login page is an answering site). */
  expectedStatus: number | null;
  timeoutMs: number;
}

/**
 * `*.localhost` is the host itself (RFC 6761): the docker runtime's addresses without
 * APPS_DOMAIN (`http://<app>.localhost:8081`), which a browser resolves so but the system's
 * resolver may not. Any other name is resolved as the public would.
 */
const lookup: LookupFunction = (hostname, options, callback) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    const loopback: LookupAddress = { address: '127.0.0.1', family: 4 };
    if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, [loopback]);
    else callback(null, loopback.address, loopback.family);
    return;
  }
  dnsLookup(hostname, options, callback);
};

/** A request error's French reason. */
export function reasonOf(err: unknown): string {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return uptimeReasons.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return uptimeReasons.unknownHost;
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED')
    return uptimeReasons.reset;
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || code === 'UPTIME_TIMEOUT')
    return uptimeReasons.timeout;
  if (/CERT|SSL|TLS|SELF_SIGNED|ERR_TLS/i.test(code)) return uptimeReasons.tls;
  return uptimeReasons.network;
}

/**
 * One GET of the application's page, as a visitor would make it: no redirect followed, the body
 * not read (the status line decides), the whole exchange bounded by the timeout.
 */
export function checkHttp(target: HttpCheckTarget): Promise<CheckResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(target.path, `${target.baseUrl.replace(/\/+$/, '')}/`);
  } catch (err) {
    return Promise.resolve({ ok: false, statusCode: null, durationMs: 0, reason: reasonOf(err) });
  }
  return new Promise((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      lookup,
      agent: false,
      headers: { 'user-agent': 'NuageDeploy-Disponibilite/1', accept: '*/*' },
    });
    const timer = setTimeout(() => {
      fail({ code: 'UPTIME_TIMEOUT' });
      req.destroy();
    }, target.timeoutMs);
    let settled = false;
    function done(r: Omit<CheckResult, 'durationMs'>) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    }
    function fail(err: unknown) {
      done({ ok: false, statusCode: null, reason: reasonOf(err) });
    }
    req.on('response', (res) => {
      const code = res.statusCode ?? 0;
      const ok =
        target.expectedStatus === null ? code >= 200 && code < 400 : code === target.expectedStatus;
      done({ ok, statusCode: code, reason: ok ? null : uptimeReasons.httpStatus(code) });
      res.destroy();
    });
    req.on('error', fail);
    req.end();
  });
}
