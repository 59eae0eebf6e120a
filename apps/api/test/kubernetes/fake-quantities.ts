import { parseQuantity } from '../../src/engine/drivers/kubernetes/quantities';

/**
 * Resource quantities as the fake API server's quota admission adds and prints them: every
 * amount in thousandths of its unit (millicores, millibytes) so sums stay exact integers, and
 * printed in resource.Quantity's canonical form (`458m`, `2`, `512M`, `1Gi`): what a real
 * refusal message shows.
 */

export interface Amount {
  milli: number;
  /** Written with a binary suffix (Ki, Mi, Gi…): printed back that way when it divides. */
  binary: boolean;
}

export type ResourceList = Record<string, Amount>;

export function amountOf(quantity: unknown): Amount {
  const text = typeof quantity === 'number' ? String(quantity) : String(quantity ?? '0');
  const value = parseQuantity(text);
  return { milli: Number.isFinite(value) ? Math.round(value * 1000) : 0, binary: /i$/.test(text) };
}

export const ZERO: Amount = { milli: 0, binary: false };

export function addLists(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const current = out[key];
    // As resource.Quantity.Add: the receiver keeps its format.
    out[key] = current
      ? { milli: current.milli + value.milli, binary: current.binary }
      : { ...value };
  }
  return out;
}

/** Only the keys given (quota.Mask). */
export function mask(list: ResourceList, keys: Iterable<string>): ResourceList {
  const out: ResourceList = {};
  for (const key of keys) if (list[key]) out[key] = list[key]!;
  return out;
}

const DECIMAL: [number, string][] = [
  [1e18, 'E'],
  [1e15, 'P'],
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];
const BINARY: [number, string][] = [
  [2 ** 60, 'Ei'],
  [2 ** 50, 'Pi'],
  [2 ** 40, 'Ti'],
  [2 ** 30, 'Gi'],
  [2 ** 20, 'Mi'],
  [2 ** 10, 'Ki'],
];

/** resource.Quantity.String(): no decimal point, the largest suffix that divides exactly. */
export function formatAmount(amount: Amount): string {
  if (amount.milli % 1000 !== 0) return `${amount.milli}m`;
  const units = amount.milli / 1000;
  if (units === 0) return '0';
  const table = amount.binary ? BINARY : DECIMAL;
  for (const [factor, suffix] of table)
    if (units % factor === 0) return `${units / factor}${suffix}`;
  if (amount.binary) return formatAmount({ ...amount, binary: false });
  return String(units);
}

/** `key=value` pairs sorted by key, comma-separated (the quota admission's prettyPrint). */
export function prettyPrint(list: ResourceList): string {
  return Object.keys(list)
    .sort()
    .map((key) => `${key}=${formatAmount(list[key]!)}`)
    .join(',');
}

export const listOf = (raw: Record<string, unknown> | undefined): ResourceList =>
  Object.fromEntries(Object.entries(raw ?? {}).map(([k, v]) => [k, amountOf(v)]));

export const rawOf = (list: ResourceList): Record<string, string> =>
  Object.fromEntries(
    Object.keys(list)
      .sort()
      .map((k) => [k, formatAmount(list[k]!)]),
  );
