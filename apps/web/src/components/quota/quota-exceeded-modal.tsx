import { quotaTexts } from '@nuage/shared/messages';
import { AlertTriangle, Lightbulb } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatNumber } from '@/lib/format';
import { quotaLines, recommendationText, type QuotaErrorDetail } from './quota-error';

const heading = 'text-sm font-semibold text-slate-900 dark:text-slate-100';

/**
 * SPEC §2 'Quota insuffisant': what was refused, the project's quota as used/quota, how to get
 * there (SPEC §8 wording) and three tips. Shared by the wizard and the environment page.
 */
export function QuotaExceededModal({
  detail,
  onClose,
}: {
  detail: QuotaErrorDetail | null;
  onClose(): void;
}) {
  return (
    <Modal
      open={detail !== null}
      onOpenChange={(open) => !open && onClose()}
      title={quotaTexts.title}
      description={quotaTexts.subtitle}
      size="lg"
      footer={<Button onClick={onClose}>Fermer</Button>}
    >
      {detail && <QuotaDetails detail={detail} />}
    </Modal>
  );
}

function QuotaDetails({ detail }: { detail: QuotaErrorDetail }) {
  const lines = quotaLines(detail.quota_details);
  return (
    <div className="space-y-5 text-sm text-slate-700 dark:text-slate-300">
      <p className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-900 dark:bg-red-950/50 dark:text-red-200">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{detail.message}</span>
      </p>
      {detail.quota_exceeded.length > 0 && (
        <section aria-labelledby="quota-exceeded-title" className="space-y-2">
          <h3 id="quota-exceeded-title" className={heading}>
            Ressources dépassées
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {detail.quota_exceeded.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}
      {lines.length > 0 && (
        <section aria-labelledby="quota-current-title" className="space-y-2">
          <h3 id="quota-current-title" className={heading}>
            Quota actuel du projet (utilisé / quota)
          </h3>
          <dl className="grid gap-2 sm:grid-cols-3">
            {lines.map((l) => (
              <div
                key={l.label}
                className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700"
              >
                <dt className="text-xs text-slate-500 dark:text-slate-400">{l.label}</dt>
                <dd className="font-medium text-slate-900 dark:text-slate-100">
                  {formatNumber(l.used)} / {formatNumber(l.quota)} {l.unit}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {detail.recommendations.length > 0 && (
        <section aria-labelledby="quota-reco-title" className="space-y-2">
          <h3 id="quota-reco-title" className={heading}>
            Recommandations
          </h3>
          <ul className="list-disc space-y-1 pl-5">
            {detail.recommendations.map((r, i) => (
              <li key={i}>{recommendationText(r)}</li>
            ))}
          </ul>
        </section>
      )}
      <aside
        aria-label="Que faire ?"
        className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-blue-900 dark:border-blue-900 dark:bg-blue-950/50 dark:text-blue-200"
      >
        <p className="flex items-center gap-2 font-medium">
          <Lightbulb className="size-4" aria-hidden="true" /> Que faire ?
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {quotaTexts.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
