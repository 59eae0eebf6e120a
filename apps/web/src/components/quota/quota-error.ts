import { quotaTexts } from '@nuage/shared/messages';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';

/** One recommendation of SPEC §3 "Quota error": a text, or a typed suggestion. */
export interface QuotaRecommendation {
  type: string;
  resource: string;
  current_quota?: number | null;
  needed_increase?: number | null;
  suggested_quota?: number | null;
}

/** SPEC §3 "Quota error", as a deploy's HTTP 400 carries it in `detail`. */
export interface QuotaErrorDetail {
  message: string;
  quota_exceeded: string[];
  recommendations: (string | QuotaRecommendation)[];
  quota_details: Record<string, number | null | undefined>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** SPEC §8: a 400 whose detail is an object with message and quota_exceeded; null otherwise. */
export function quotaErrorOf(error: unknown): QuotaErrorDetail | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const d = error.detail;
  if (!isObject(d) || typeof d.message !== 'string' || !Array.isArray(d.quota_exceeded)) {
    return null;
  }
  return {
    message: d.message,
    quota_exceeded: d.quota_exceeded.map(String),
    recommendations: Array.isArray(d.recommendations)
      ? d.recommendations.filter(
          (r): r is string | QuotaRecommendation => typeof r === 'string' || isObject(r),
        )
      : [],
    quota_details: isObject(d.quota_details)
      ? (d.quota_details as QuotaErrorDetail['quota_details'])
      : {},
  };
}

export interface QuotaLine {
  label: string;
  unit: string;
  used: number;
  quota: number;
}

/** The project's quota as used/quota; SPEC §3 allows either spelling of each field. */
export function quotaLines(details: QuotaErrorDetail['quota_details']): QuotaLine[] {
  const pick = (...keys: string[]) => {
    for (const k of keys) {
      const v = details[k];
      if (typeof v === 'number' && Number.isFinite(v)) return v;
    }
    return null;
  };
  const lines: (QuotaLine | null)[] = [
    line('CPU', 'cores', pick('used_cpu', 'cpu_used'), pick('quota_cpu', 'cpu_quota')),
    line('RAM', 'GB', pick('used_ram', 'ram_used'), pick('quota_ram', 'ram_quota')),
    line(
      'Stockage',
      'GB',
      pick('used_stockage', 'storage_used'),
      pick('quota_stockage', 'storage_quota'),
    ),
  ];
  return lines.filter((l): l is QuotaLine => l !== null);
}

function line(label: string, unit: string, used: number | null, quota: number | null) {
  return quota === null ? null : { label, unit, used: used ?? 0, quota };
}

const num = (v: number | null | undefined) => (typeof v === 'number' ? formatNumber(v) : '—');

/** SPEC §8 wording of each recommendation. */
export function recommendationText(r: string | QuotaRecommendation): string {
  if (typeof r === 'string') return r;
  if (r.type === 'increase_project_quota') {
    return quotaTexts.increase(r.resource, num(r.current_quota), num(r.suggested_quota));
  }
  if (r.type === 'reduce_application_request') {
    return quotaTexts.reduce(r.resource, num(r.needed_increase));
  }
  return `${r.type} : ${r.resource} ${num(r.current_quota)} → ${num(r.suggested_quota)}`;
}
