/** Kubernetes quantity suffixes (resource.Quantity): decimal SI, binary, and n/u/m fractions. */
const SUFFIXES: Record<string, number> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

const QUANTITY =
  /^([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(n|u|m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** The quantity in base units (cores, bytes); NaN when it is not a quantity. */
export function parseQuantity(quantity: string): number {
  const match = QUANTITY.exec(quantity.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * SUFFIXES[match[2] ?? '']!;
}

/** Millicores, rounded; 0 for an unreadable value (a metric is informative, never fatal). */
export function cpuMilli(quantity: string | undefined): number {
  const cores = parseQuantity(quantity ?? '');
  return Number.isFinite(cores) ? Math.round(cores * 1000) : 0;
}

/** SI megabytes (1 MB = 1 000 000 bytes, as the platform counts RAM), rounded. */
export function ramMb(quantity: string | undefined): number {
  const bytes = parseQuantity(quantity ?? '');
  return Number.isFinite(bytes) ? Math.round(bytes / 1e6) : 0;
}
