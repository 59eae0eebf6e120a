/**
 * Prometheus's text exposition format (version 0.0.4), as far as counters and histograms need:
 * one sample per line, `name{label="value",…} value [timestamp]`, `#` lines skipped. Lines
 * that do not parse are skipped too: one odd line from an exporter must not hide the others.
 */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;

/** Label values escape `\\`, `\"` and `\n`. */
function parseLabels(
  text: string,
  start: number,
): { labels: Record<string, string>; end: number } | null {
  const labels: Record<string, string> = {};
  let i = start;
  for (;;) {
    while (text[i] === ' ' || text[i] === ',') i++;
    if (text[i] === '}') return { labels, end: i + 1 };
    const name = NAME.exec(text.slice(i))?.[0];
    if (!name) return null;
    i += name.length;
    while (text[i] === ' ') i++;
    if (text[i] !== '=' || text[i + 1] !== '"') return null;
    i += 2;
    let value = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) return null;
      if (c === '"') break;
      if (c === '\\') {
        const next = text[i + 1];
        value += next === 'n' ? '\n' : (next ?? '');
        i += 2;
        continue;
      }
      value += c;
      i++;
    }
    labels[name] = value;
    i++;
  }
}

function parseValue(text: string): number | null {
  const t = text.trim();
  if (t === '+Inf' || t === 'Inf') return Infinity;
  if (t === '-Inf') return -Infinity;
  if (t === 'NaN') return NaN;
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : null;
}

/** The samples whose metric name passes `keep` (every other line is not even split). */
export function parsePrometheusText(
  text: string,
  keep: (name: string) => boolean = () => true,
): PromSample[] {
  const samples: PromSample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const name = NAME.exec(line)?.[0];
    if (!name || !keep(name)) continue;
    let labels: Record<string, string> = {};
    let rest = line.slice(name.length);
    if (rest.startsWith('{')) {
      const parsed = parseLabels(line, name.length + 1);
      if (!parsed) continue;
      labels = parsed.labels;
      rest = line.slice(parsed.end);
    }
    // An optional timestamp follows the value.
    const value = parseValue(rest.trim().split(/\s+/)[0] ?? '');
    if (value === null) continue;
    samples.push({ name, labels, value });
  }
  return samples;
}

/** A `le` label as a number (`+Inf` included); null when it is not one. */
export function bucketBound(le: string | undefined): number | null {
  if (le === undefined) return null;
  if (le === '+Inf') return Infinity;
  const n = Number(le);
  return Number.isFinite(n) ? n : null;
}
