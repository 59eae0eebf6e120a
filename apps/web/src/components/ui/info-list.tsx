import type { ReactNode } from 'react';

/** A definition list of label/value rows, as the detail cards show them. */
export function InfoList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {items.map((item) => (
        <div key={item.label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
          <dt className="text-slate-500 dark:text-slate-400">{item.label}</dt>
          <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
