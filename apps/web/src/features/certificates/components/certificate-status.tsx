import type { Certificate } from '@nuage/shared/certificate-types';
import { certificateStatusView } from '@nuage/shared/status-display';
import { Loader2, ShieldAlert, ShieldCheck, ShieldX, type LucideIcon } from 'lucide-react';
import { StatusBadge } from '@/components/status/status-badge';
import { cn } from '@/components/ui/cn';

const iconColours = {
  green: 'text-green-600 dark:text-green-400',
  red: 'text-red-600 dark:text-red-400',
  yellow: 'text-amber-500 dark:text-amber-400',
  grey: 'text-slate-400 dark:text-slate-500',
  blue: 'text-blue-600 dark:text-blue-400',
} as const;

/** The icon of each certificate status; its colour is the shared status table's tone. */
const icons: Record<string, LucideIcon> = {
  Actif: ShieldCheck,
  Expiré: ShieldX,
  'En cours de renouvellement': Loader2,
};

export function CertificateStatusIcon({ certificate }: { certificate: Certificate }) {
  const view = certificateStatusView(certificate.statut);
  const Icon = icons[certificate.statut] ?? ShieldAlert;
  const spinning = certificate.statut === 'En cours de renouvellement';
  return (
    <Icon
      className={cn('size-6 shrink-0', iconColours[view.tone], spinning && 'animate-spin')}
      aria-hidden="true"
      data-testid="certificate-status-icon"
    />
  );
}

export function CertificateStatusBadge({ certificate }: { certificate: Certificate }) {
  return <StatusBadge view={certificateStatusView(certificate.statut)} />;
}
