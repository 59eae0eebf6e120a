import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateMessages } from '@nuage/shared/schemas/certificates';
import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** SPEC §9 type labels: 'Let's Encrypt' (blue) or 'Personnalisé' (purple). */
export function CertificateTypeBadge({ certificate }: { certificate: Certificate }) {
  return (
    <Badge tone={certificate.type_certificat === 'Personnalisé' ? 'purple' : 'blue'}>
      {certificate.type_certificat}
    </Badge>
  );
}

/** Signed by the local simulation authority: no browser trusts it, and the screen says so. */
export function SimulationMark({ certificate }: { certificate: Certificate }) {
  if (!certificate.simulation) return null;
  return (
    <span title={certificateMessages.simulation}>
      <Badge tone="grey" className="border border-dashed border-slate-400 dark:border-slate-600">
        <FlaskConical className="size-3" aria-hidden="true" />
        Simulation
        <span className="sr-only"> : {certificateMessages.simulation}</span>
      </Badge>
    </span>
  );
}

/** Let's Encrypt test mode (staging authority): untrusted by browsers too. */
export function StagingMark({ certificate }: { certificate: Certificate }) {
  if (!certificate.staging) return null;
  return <Badge tone="yellow">Mode test</Badge>;
}
