import type { Certificate } from '@nuage/shared/certificate-types';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { certificateValidationQueryOptions } from '../api/validate-certificate';

function Check({ label, ok }: { label: string; ok: boolean }) {
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={
          ok
            ? 'inline-flex items-center gap-1 font-medium text-green-700 dark:text-green-400'
            : 'inline-flex items-center gap-1 font-medium text-red-600 dark:text-red-400'
        }
      >
        <Icon className="size-4" aria-hidden="true" />
        {ok ? 'Oui' : 'Non'}
      </dd>
    </div>
  );
}

/** SPEC §2 details: the server's check of the certificate (POST …/validate). */
export function ValidationResult({ certificate }: { certificate: Certificate }) {
  const validation = useQuery(
    certificateValidationQueryOptions(certificate.id, certificate.date_mise_a_jour),
  );
  return (
    <section aria-labelledby="certificate-validation" className="space-y-2">
      <h3 id="certificate-validation" className="font-semibold">
        Validation
      </h3>
      {validation.isPending ? (
        <Spinner label="Validation du certificat…" className="text-blue-600" />
      ) : validation.isError ? (
        <LoadError message={validation.error.message} onRetry={() => validation.refetch()} />
      ) : (
        <div className="space-y-3 text-sm">
          <dl className="divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 dark:divide-slate-800 dark:border-slate-800">
            <Check label="Certificat valide" ok={validation.data.valid} />
            <Check label="Le domaine correspond" ok={validation.data.domain_matches} />
            <Check label="Non expiré" ok={validation.data.not_expired} />
            <div className="flex items-center justify-between gap-3 py-1.5">
              <dt className="text-slate-600 dark:text-slate-300">Jours avant expiration</dt>
              <dd className="font-medium">{validation.data.expires_in_days ?? '—'}</dd>
            </div>
          </dl>
          {validation.data.issues.length > 0 ? (
            <div>
              <h4 id="certificate-issues" className="mb-1 font-medium">
                Problèmes relevés
              </h4>
              <ul
                aria-labelledby="certificate-issues"
                className="list-disc space-y-1 pl-5 text-amber-800 dark:text-amber-300"
              >
                {validation.data.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-green-700 dark:text-green-400">Aucun problème relevé.</p>
          )}
        </div>
      )}
    </section>
  );
}
