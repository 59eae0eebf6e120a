import {
  domainOwnershipTexts as texts,
  type DnsHelp,
  type DomainOwnership as Ownership,
} from '@nuage/shared/dns-help';
import { Notice } from '@/components/ui/notice';
import { formatDateTime } from '@/lib/format';
import { VerificationRecord } from './verification-record';

/**
 * Whether the platform serves the custom domain yet (issue 24): until its owner proves control,
 * the TXT record to create (with the CNAME that proves it too, when there is one), until when
 * the claim waits for its proof, and what the last check found; once proved, how.
 */
export function DomainOwnership({
  domain,
  help,
  canVerify,
}: {
  domain: string;
  help: DnsHelp;
  /** Developers and admins verify; other members read the same card without the button. */
  canVerify: boolean;
}) {
  const ownership: Ownership = help.propriete;
  if (ownership.statut === 'verifie') {
    return (
      <Notice tone="success" title={texts.verified}>
        {ownership.message}
      </Notice>
    );
  }
  const cname = help.enregistrements.find((r) => r.type === 'CNAME');
  return (
    <section aria-labelledby="domain-ownership-title" className="space-y-2">
      <Notice tone="warning" title={<span id="domain-ownership-title">{texts.pending}</span>}>
        <p>{canVerify ? texts.pendingIntro(domain) : texts.pendingIntroReader(domain)}</p>
        {ownership.expire_le && (
          <p className="mt-1">{texts.pendingUntil(formatDateTime(ownership.expire_le))}</p>
        )}
      </Notice>
      <VerificationRecord record={ownership.enregistrement} />
      {cname && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {texts.cnameAlsoProves(cname.valeur)}
        </p>
      )}
      <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
        {ownership.message}
        {ownership.derniere_verification && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">
            {texts.lastChecked(formatDateTime(ownership.derniere_verification))}
          </span>
        )}
      </p>
    </section>
  );
}
