import { previewWebTexts as t } from '@nuage/shared/messages/previews';
import type { PreviewSettingsView } from '@nuage/shared/schemas/responses/previews';
import { formatNumber } from '@/lib/format';

/** What each preview gets, and when a closed one goes. */
export function PreviewSettingsSummary({ settings: s }: { settings: PreviewSettingsView }) {
  const rows = [
    [t.sizeLabel, t.size(formatNumber(s.cpu), formatNumber(s.ram))],
    [
      t.deletionLabel,
      s.delai_suppression_minutes === 0
        ? t.deletionAtOnce
        : t.deletionAfter(s.delai_suppression_minutes),
    ],
    [
      t.idleSummaryLabel,
      s.arret_inactivite_heures === null ? t.idleNever : t.idleAfter(s.arret_inactivite_heures),
    ],
    [t.databasesLabel, t.databaseModes[s.bases_de_donnees]],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-10 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
