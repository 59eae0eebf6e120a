import {
  domainOwnershipTexts as texts,
  type DnsHelp,
  type DomainOwnership as Ownership,
} from '@nuage/shared/dns-help';
import { Notice } from '@/components/ui/notice';
import { VerificationRecord } from './verification-record';

/**
 * Whether the platform serves the custom domain yet (issue 24): until its owner proves control,
 * the TXT record to create (with the CNAME that proves it too, when there is one) and what the
 * last check found; once proved, how.
 */
export function DomainOwnership({ domain, help }: { domain: string; help: DnsHelp }) {
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
        <p>{texts.pendingIntro(domain)}</p>
      </Notice>
      <VerificationRecord record={ownership.enregistrement} />
      {cname && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {texts.cnameAlsoProves(cname.valeur)}
        </p>
      )}
      <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
        {ownership.message}
      </p>
    </section>
  );
}
