import { dnsTexts, domainOwnershipTexts as texts } from '@nuage/shared/dns-help';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * The TXT record that proves control of the domain, one field a line (long names and tokens
 * stay readable on a phone), name and value each with a copy button.
 */
export function VerificationRecord({
  record,
}: {
  record: { type: 'TXT'; nom: string; valeur: string };
}) {
  const rows = [
    { label: dnsTexts.recordType, value: record.type, copy: null },
    { label: dnsTexts.recordName, value: record.nom, copy: texts.copyTxtName },
    { label: dnsTexts.recordValue, value: record.valeur, copy: texts.copyTxt },
  ];
  return (
    <dl
      aria-label={texts.title}
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
    >
      {rows.map((r) => (
        <div key={r.label} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <dt className="w-14 shrink-0 text-xs text-slate-500 uppercase dark:text-slate-400">
            {r.label}
          </dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{r.value}</span>
            {r.copy && <CopyButton value={r.value} label={r.copy} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
