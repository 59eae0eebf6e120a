/**
 * Competitors' public per-unit prices, the one table the savings lines of the wizard's cost
 * panel are computed from. Each row names the page the prices come from and when they were
 * read. PRICES CHANGE: re-check every row (and the exchange rate) before relying on a saving,
 * and update `readOn` when you do.
 *
 * How this table was filled (2026-11-21): no live browsing was available. The figures below
 * were read from stored copies of the providers' pages and from third-party articles quoting
 * them (named per row), and cross-checked against what the author knew of those pages.
 * Only rows whose every figure is billed the same way for an always-on application (no
 * "idle" discount, no per-request billing) are kept, so the comparison is like for like.
 */

/**
 * The XOF is pegged to the euro: 1 EUR = 655.957 XOF, fixed since 1999 (BCEAO).
 */
export const EUR_TO_XOF = 655.957;

/**
 * USD → XOF floats with EUR/USD. 560 ≈ 655.957 / 1.17, EUR/USD near 1.17 being the ECB
 * reference level of the second half of 2025, the last the author could confirm. Stale by
 * design: re-check against the BCEAO or ECB reference rate before trusting a saving.
 */
export const USD_TO_XOF = 560;
export const USD_TO_XOF_AS_OF = '2025-10';

/** AWS and Google both bill a month as 730 hours (8 760 h / 12). */
export const PROVIDER_HOURS_PER_MONTH = 730;
const SECONDS_PER_PROVIDER_MONTH = PROVIDER_HOURS_PER_MONTH * 3600;

export type CompetitorCurrency = 'USD' | 'EUR';

export interface CompetitorRate {
  id: string;
  name: string;
  /** Which product (and region) the prices are those of. */
  product: string;
  currency: CompetitorCurrency;
  /** Per month, in `currency`: one vCPU, one GB of RAM, one GB of persistent storage. */
  perVcpuMonth: number;
  perGbRamMonth: number;
  perGbStorageMonth: number;
  /** The public pricing pages the figures come from. */
  sources: string[];
  /** ISO date the figures were read. */
  readOn: string;
  /** The page's own figures and how they were read, for whoever re-checks the row. */
  notes: string;
}

export const competitorRates: readonly CompetitorRate[] = [
  {
    id: 'aws-fargate',
    name: 'AWS Fargate',
    product: 'Fargate (ECS) Linux/x86 à la demande + volume EBS gp3, us-east-1',
    currency: 'USD',
    perVcpuMonth: 0.04048 * PROVIDER_HOURS_PER_MONTH, // 29.5504
    perGbRamMonth: 0.004445 * PROVIDER_HOURS_PER_MONTH, // 3.24485
    perGbStorageMonth: 0.08,
    sources: ['https://aws.amazon.com/fargate/pricing/', 'https://aws.amazon.com/ebs/pricing/'],
    readOn: '2026-11-21',
    notes:
      '$0.04048 per vCPU-hour and $0.004445 per GB-hour (us-east-1, Linux/x86) as quoted from the ' +
      'Fargate page by vantage.sh and wring.co (March 2026); EBS gp3 $0.08 per GB-month (us-east-1) ' +
      'from the author’s knowledge of the EBS page, not re-read. Excludes load balancer, public IPv4 ' +
      'and data transfer, which AWS bills separately (the comparison errs in the competitor’s favour).',
  },
  {
    id: 'google-cloud-run',
    name: 'Google Cloud Run',
    product:
      'Cloud Run, facturation par instance (CPU toujours alloué), régions tier 1 + Cloud Storage Standard',
    currency: 'USD',
    perVcpuMonth: 0.000018 * SECONDS_PER_PROVIDER_MONTH, // 47.304
    perGbRamMonth: 0.000002 * SECONDS_PER_PROVIDER_MONTH, // 5.256
    perGbStorageMonth: 0.02,
    sources: ['https://cloud.google.com/run/pricing', 'https://cloud.google.com/storage/pricing'],
    readOn: '2026-11-21',
    notes:
      '$0.000018 per vCPU-second (CPU always allocated, tier 1) read on a stored copy of the Cloud ' +
      'Run page; $0.000002 per GiB-second for memory and Cloud Storage Standard at $0.020 per ' +
      'GB-month (us-central1) from the author’s knowledge of those pages, not re-read. GiB is ' +
      'counted as GB and the free tier is ignored (it is per billing account, not per application).',
  },
];

/** What a competitor charges a month for these resources, in its own currency. */
export function competitorMonthlyPrice(
  rate: CompetitorRate,
  r: { cpu: number; ram: number; storage: number; replicas?: number },
): number {
  const replicas = r.replicas ?? 1;
  // Like our model: every replica is billed its cpu and ram; the volume is one per application.
  return (
    r.cpu * replicas * rate.perVcpuMonth +
    r.ram * replicas * rate.perGbRamMonth +
    r.storage * rate.perGbStorageMonth
  );
}

export function currencyToXof(currency: CompetitorCurrency): number {
  return currency === 'EUR' ? EUR_TO_XOF : USD_TO_XOF;
}
