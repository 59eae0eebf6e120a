/**
 * The pricing model (one written model for every price the product shows):
 *   resource cost / month = cpu × replicas × 20 + ram × replicas × 8 + storage × 0.3  (base units)
 *   platform fee          = 10 % of the resource cost, at least 1 base unit per application
 *   XOF                   = round(base × 655); per day = monthly / 30; per hour = monthly / 720
 * Amounts are computed in base units and converted to XOF only at the end (CONVENTIONS.md).
 */
export const PRICE_PER_CPU_MONTH = 20;
export const PRICE_PER_GB_RAM_MONTH = 8;
export const PRICE_PER_GB_STORAGE_MONTH = 0.3;
/** Backups kept on the platform are storage too, at the same price (no platform fee on them). */
export const PRICE_PER_GB_BACKUP_MONTH = PRICE_PER_GB_STORAGE_MONTH;
export const PLATFORM_FEE_RATE = 0.1;
export const PLATFORM_FEE_MIN_PER_APP = 1;
export const XOF_PER_BASE_UNIT = 655;
export const DAYS_PER_MONTH = 30;
export const HOURS_PER_MONTH = 720;

export interface PricedResources {
  cpu: number;
  ram: number;
  storage: number;
  replicas?: number;
  /** How many applications share these resources (the fee minimum applies per application). */
  applications?: number;
}

export interface PriceBreakdown {
  /** Base units per month. */
  cpu: number;
  ram: number;
  storage: number;
  resources: number;
  platformFee: number;
  monthly: number;
}

// Removes binary noise (0.1 × 3 = 0.30000000000000004) before amounts are compared or rounded.
const clean = (value: number) => Math.round(value * 1e9) / 1e9;

export function priceResources(r: PricedResources): PriceBreakdown {
  const replicas = r.replicas ?? 1;
  const applications = r.applications ?? 1;
  const cpu = clean(r.cpu * replicas * PRICE_PER_CPU_MONTH);
  const ram = clean(r.ram * replicas * PRICE_PER_GB_RAM_MONTH);
  const storage = clean(r.storage * PRICE_PER_GB_STORAGE_MONTH);
  const resources = clean(cpu + ram + storage);
  const platformFee =
    applications === 0
      ? 0
      : clean(Math.max(resources * PLATFORM_FEE_RATE, PLATFORM_FEE_MIN_PER_APP * applications));
  return { cpu, ram, storage, resources, platformFee, monthly: clean(resources + platformFee) };
}

/** Base units → whole XOF. */
export const toXof = (base: number): number => Math.round(clean(base * XOF_PER_BASE_UNIT));
export const perDay = (monthlyBase: number): number => clean(monthlyBase / DAYS_PER_MONTH);
export const perHour = (monthlyBase: number): number => clean(monthlyBase / HOURS_PER_MONTH);
