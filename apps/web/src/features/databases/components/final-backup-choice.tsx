import { databasePageTexts as t } from '@nuage/shared/messages/databases';
import { useId } from 'react';

/**
 * « Faire une sauvegarde finale avant la suppression » in the delete dialog: on by default; a
 * stopped database cannot be backed up, so the box is off and says why.
 */
export function FinalBackupChoice({
  checked,
  stopped,
  onChange,
}: {
  checked: boolean;
  stopped: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="mt-3 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-blue-600"
        checked={checked}
        disabled={stopped}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div className="min-w-0 space-y-0.5">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-700 dark:text-slate-300"
        >
          {t.finalBackup}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {stopped ? t.finalBackupStoppedHint : t.finalBackupHint}
        </p>
      </div>
    </div>
  );
}
