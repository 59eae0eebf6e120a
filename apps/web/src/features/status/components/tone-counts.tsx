import type { DashboardApplication } from '@nuage/shared/dashboard-types';
import { listStatusTone } from '@nuage/shared/status-display';
import { Badge } from '@/components/ui/badge';

export interface ToneCounts {
  green: number;
  yellow: number;
  red: number;
}

/** How many applications are up (green), under way (yellow) or failed (red), SPEC §4 colours. */
export function toneCounts(apps: DashboardApplication[]): ToneCounts {
  const counts: ToneCounts = { green: 0, yellow: 0, red: 0 };
  for (const a of apps) {
    const tone = listStatusTone(a.statut_deploiement);
    if (tone === 'green' || tone === 'yellow' || tone === 'red') counts[tone] += 1;
  }
  return counts;
}

export function ToneCountBadges({ counts }: { counts: ToneCounts }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge tone="green">{counts.green} en ligne</Badge>
      {counts.yellow > 0 && <Badge tone="yellow">{counts.yellow} en cours</Badge>}
      {counts.red > 0 && <Badge tone="red">{counts.red} en échec</Badge>}
    </div>
  );
}
