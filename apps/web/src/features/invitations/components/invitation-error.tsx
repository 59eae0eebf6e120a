import { projectErrors } from '@nuage/shared/messages';
import { ArrowLeft, LinkIcon, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';

/** A dead link (unknown, expired or used) says so plainly; other failures can be retried. */
export function InvitationError({
  deadLink,
  message,
  onRetry,
}: {
  deadLink: boolean;
  message: string;
  onRetry(): void;
}) {
  return (
    <div className="text-center">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400">
        <LinkIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-xl font-bold">
        {deadLink ? projectErrors.invitationInvalid : projectErrors.load}
      </h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{message}</p>
      {deadLink && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Demandez à un administrateur du projet de vous envoyer une nouvelle invitation.
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {!deadLink && (
          <Button variant="outline" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" /> Réessayer
          </Button>
        )}
        <Link to="/" className={buttonClasses('primary')}>
          <ArrowLeft className="size-4" aria-hidden="true" /> Retour à l'accueil
        </Link>
      </div>
    </div>
  );
}
