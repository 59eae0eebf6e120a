import { auth } from '@nuage/shared/limits';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ResetLimitsNotice } from './reset-limits-notice';

/** The confirmation view after a reset request (SPEC §2 /forgot-password). */
export function ResetLinkSent({ email, onRetry }: { email: string; onRetry(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this view replaces had the focus: hand it to the news.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-50 text-green-600 dark:bg-green-950/60 dark:text-green-400">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <h2 ref={heading} tabIndex={-1} className="mt-3 text-lg font-semibold outline-none">
          Vérifiez votre boîte de réception
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Si un compte existe pour{' '}
          <strong className="font-semibold break-words text-slate-900 dark:text-slate-100">
            {email}
          </strong>
          , un lien de réinitialisation vient de lui être envoyé.
        </p>
      </div>
      <Notice tone="info">
        <p>Ce lien est valable {auth.resetLinkTtlMinutes} minutes et ne peut servir qu’une fois.</p>
        <p>Vous ne le trouvez pas ? Pensez à vérifier votre dossier spam (courrier indésirable).</p>
      </Notice>
      <ResetLimitsNotice />
      <Button variant="outline" className="w-full" onClick={onRetry}>
        Utiliser une autre adresse
      </Button>
    </div>
  );
}
