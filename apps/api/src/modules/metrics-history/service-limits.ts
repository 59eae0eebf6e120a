import { metricsHistoryTexts } from '@nuage/shared/messages/metrics-history';
import { composeSettingsOf } from '../../engine/specs/compose-settings';
import { notFound } from '../../lib/errors';

/**
 * What one service of a Compose application reserves (its graphs' limit lines), as its deploy
 * read the file. Any other application, or a name the file has no service of, has no such
 * history: 404, in French (the API's rule for what does not exist).
 */
export function serviceLimits(
  row: { sourceKind: string; settings: Record<string, unknown> },
  service: string,
): { cpuMilli: number; ramMb: number } {
  const found =
    row.sourceKind === 'compose'
      ? composeSettingsOf(row.settings).services.find((s) => s.name === service)
      : undefined;
  if (!found) throw notFound(metricsHistoryTexts.serviceUnknown);
  return { cpuMilli: found.cpuMilli, ramMb: found.ramMb };
}
