import { metricsHistoryTexts as texts } from '@nuage/shared/messages/metrics-history';
import { useId } from 'react';
import { Select } from '@/components/ui/input';

/**
 * « Service affiché » over a Compose application's graphs (issue 30 item 2): « Tous les
 * services » (the whole application) or one service. A native list: the keyboard and screen
 * readers handle it as any other.
 */
export function ServicePicker({
  services,
  service,
  onChange,
}: {
  services: string[];
  /** null: every service together. */
  service: string | null;
  onChange: (service: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {texts.serviceLabel}
      </label>
      {/* Select fills its box: the box sets the width. */}
      <div className="w-48">
        <Select
          id={id}
          value={service ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">{texts.allServices}</option>
          {services.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
