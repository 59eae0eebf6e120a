import { dnsTexts as texts, type DnsRecord } from '@nuage/shared/dns-help';

/** The records that make the domain reach the application, as a registrar asks for them. */
export function DnsRecordsTable({ records, label }: { records: DnsRecord[]; label: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-slate-500 uppercase dark:text-slate-400">
          <tr>
            <th className="py-1 pr-3 font-medium">{texts.recordType}</th>
            <th className="py-1 pr-3 font-medium">{texts.recordName}</th>
            <th className="py-1 font-medium">{texts.recordValue}</th>
          </tr>
        </thead>
        <tbody className="font-mono text-xs">
          {records.map((r) => (
            <tr key={r.type} className="border-t border-slate-100 dark:border-slate-800">
              <td className="py-1.5 pr-3 font-semibold">{r.type}</td>
              <td className="py-1.5 pr-3 [overflow-wrap:anywhere]">{r.nom}</td>
              <td className="py-1.5 [overflow-wrap:anywhere]">{r.valeur}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
