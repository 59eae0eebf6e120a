import type { Certificate } from '@nuage/shared/certificate-types';
import type { StatusView } from '@nuage/shared/status-display';
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

/**
 * SPEC §4 "Certificate status": Actif green, Expiré red, En cours de renouvellement yellow
 * (its icon spins), any other value (Échec…) grey. The label is the server's value.
 */
export function certificateStatusView(statut: string): StatusView & { icon: LucideIcon } {
  switch (statut) {
    case 'Actif':
      return { tone: 'green', label: statut, icon: ShieldCheck };
    case 'Expiré':
      return { tone: 'red', label: statut, icon: ShieldX };
    case 'En cours de renouvellement':
      return { tone: 'yellow', label: statut, icon: Loader2 };
    default:
      return { tone: 'grey', label: statut || 'Statut inconnu', icon: ShieldAlert };
  }
}

export function CertificateStatusIcon({ certificate }: { certificate: Certificate }) {
  const view = certificateStatusView(certificate.statut);
  const Icon = view.icon;
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
