import { certificateTypeLabels, type CertificateKind } from '@nuage/shared/certificate-types';
import { FileKey2, ShieldCheck } from 'lucide-react';
import { cn } from '@/components/ui/cn';

const options: { kind: CertificateKind; icon: typeof ShieldCheck; description: string }[] = [
  {
    kind: 'letsencrypt',
    icon: ShieldCheck,
    description: 'Émis gratuitement et renouvelé automatiquement par la plateforme.',
  },
  {
    kind: 'custom',
    icon: FileKey2,
    description: 'Importez un certificat et sa clé privée obtenus ailleurs.',
  },
];

/** The creation modal's toggle between the automated authority and a custom certificate. */
export function CertificateTypeToggle({
  value,
  onChange,
}: {
  value: CertificateKind;
  onChange(kind: CertificateKind): void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
        Type de certificat
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(({ kind, icon: Icon, description }) => (
          <label
            key={kind}
            className={cn(
              'flex cursor-pointer gap-3 rounded-lg border-2 p-3 transition-colors',
              'border-slate-200 hover:border-blue-400 dark:border-slate-700',
              'has-checked:border-blue-600 has-checked:bg-blue-50 dark:has-checked:bg-blue-950/40',
              'has-focus-visible:ring-2 has-focus-visible:ring-blue-600/40',
            )}
          >
            <input
              type="radio"
              name="certificate-type"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="sr-only"
            />
            <Icon
              className="mt-0.5 size-5 shrink-0 text-blue-600 dark:text-blue-400"
              aria-hidden="true"
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{certificateTypeLabels[kind]}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
