/**
 * How Compose writes values (issue 30 item 2): CPUs, byte sizes, durations, commands,
 * environments, health checks and volume entries, read into what the platform gives a runtime.
 */

export interface ComposeHealthcheck {
  /** `["CMD", …]` or `["CMD-SHELL", "…"]`. */
  test: string[];
  intervalSeconds: number;
  timeoutSeconds: number;
  retries: number;
  startPeriodSeconds: number;
}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `1.5`, `"0.5"` → thousandths of a core; null when not a positive number. */
export function cpusOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.max(1, Math.round(n * 1000));
}

const UNIT_BYTES: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
};

/** Compose byte values (`512m`, `1G`, `2gb`, a number of bytes) → MB (10^6 bytes), rounded up. */
export function megabytesOf(v: unknown): number | null {
  const match =
    typeof v === 'number'
      ? [String(v), String(v), '']
      : typeof v === 'string'
        ? /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(v)
        : null;
  if (!match) return null;
  const unit = UNIT_BYTES[match[2]!.toLowerCase()];
  const n = Number(match[1]);
  if (unit === undefined || !Number.isFinite(n) || n <= 0) return null;
  return Math.ceil((n * unit) / 1_000_000);
}

/** Compose durations (`10s`, `1m30s`, `500ms`) → seconds, at least 1. */
export function secondsOf(v: unknown, fallback: number): number {
  if (typeof v !== 'string') return fallback;
  const re = /(\d+(?:\.\d+)?)(ms|us|ns|h|m|s)/g;
  let total = 0;
  let seen = false;
  for (const m of v.matchAll(re)) {
    seen = true;
    const n = Number(m[1]);
    const unit = m[2]!;
    total +=
      unit === 'h'
        ? n * 3600
        : unit === 'm'
          ? n * 60
          : unit === 's'
            ? n
            : unit === 'ms'
              ? n / 1000
              : 0;
  }
  return seen ? Math.max(1, Math.ceil(total)) : fallback;
}

/** Compose's `command`/`entrypoint`: a list as is, a string split on spaces (no shell). */
export function argsOf(v: unknown): string[] | null {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') return v.split(/\s+/).filter(Boolean);
  return null;
}

export function environmentOf(v: unknown): { name: string; value: string }[] {
  if (Array.isArray(v)) {
    return v.map((item) => {
      const s = String(item);
      const i = s.indexOf('=');
      return i < 0 ? { name: s, value: '' } : { name: s.slice(0, i), value: s.slice(i + 1) };
    });
  }
  if (isMapping(v)) {
    return Object.entries(v).map(([name, value]) => ({
      name,
      value: value === null || value === undefined ? '' : String(value),
    }));
  }
  return [];
}

export function healthcheckOf(v: unknown): ComposeHealthcheck | null | 'invalid' {
  if (!isMapping(v) || v.disable === true) return null;
  const test = v.test;
  let args: string[] | null = null;
  if (typeof test === 'string') args = ['CMD-SHELL', test];
  else if (Array.isArray(test) && test.length > 0) args = test.map(String);
  if (!args) return 'invalid';
  if (args[0] === 'NONE') return null;
  if (!['CMD', 'CMD-SHELL'].includes(args[0]!) || args.length < 2) return 'invalid';
  return {
    test: args,
    intervalSeconds: secondsOf(v.interval, 30),
    timeoutSeconds: secondsOf(v.timeout, 30),
    retries: typeof v.retries === 'number' && v.retries > 0 ? v.retries : 3,
    startPeriodSeconds: secondsOf(v.start_period, 0),
  };
}

/** A short volume entry `source:target[:mode]` or a long one `{type, source, target}`. */
export function volumeEntry(
  v: unknown,
): { type: string; source: string | null; target: string; readOnly: boolean } | null {
  if (typeof v === 'string') {
    const parts = v.split(':');
    if (parts.length === 1)
      return { type: 'volume', source: null, target: parts[0]!, readOnly: false };
    const [source, target, mode] = parts;
    const hostPath = /^[./~]/.test(source!) || source!.includes('/');
    return {
      type: hostPath ? 'bind' : 'volume',
      source: source!,
      target: target ?? '',
      readOnly: (mode ?? '').split(',').includes('ro'),
    };
  }
  if (isMapping(v)) {
    const type = typeof v.type === 'string' ? v.type : 'volume';
    const source = typeof v.source === 'string' ? v.source : null;
    return {
      type: type === 'volume' && source && /^[./~]/.test(source) ? 'bind' : type,
      source,
      target: typeof v.target === 'string' ? v.target : '',
      readOnly: v.read_only === true,
    };
  }
  return null;
}
