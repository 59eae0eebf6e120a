import type { Certificate } from '@nuage/shared/certificate-types';
import { Eye, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CertificateTypeBadge, SimulationMark, StagingMark } from './certificate-badges';
import { CertificateExpiry } from './certificate-expiry';
import { CertificateStatusBadge, CertificateStatusIcon } from './certificate-status';

export interface CertificateActions {
  onDetails(): void;
  onEdit(): void;
  onRenew(): void;
  onDelete(): void;
}

const label = 'text-xs font-medium text-slate-500 uppercase dark:text-slate-400';

/**
 * One certificate (SPEC §2): status icon, name, domain, expiry, status and type badges, and the
 * actions. Edit, renew (Let's Encrypt only) and delete are for the project's developers and admins.
 */
export function CertificateRow({
  certificate,
  projectName,
  canManage,
  renewing,
  actions,
}: {
  certificate: Certificate;
  /** Shown when the list mixes several projects. */
  projectName?: string | undefined;
  canManage: boolean;
  /** The renewal request is on its way. */
  renewing: boolean;
  actions: CertificateActions;
}) {
  const titleId = `certificate-${certificate.id}`;
  const name = certificate.nom;
  // The edge proxy renews its own certificates (mode 'proxy'): nothing to ask for.
  const renewable =
    certificate.type_certificat === "Let's Encrypt" && certificate.mode_emission !== 'proxy';
  return (
    <li
      aria-labelledby={titleId}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.5fr)_10rem] lg:items-center dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex min-w-0 items-start gap-3">
        <CertificateStatusIcon certificate={certificate} />
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-semibold" title={name}>
            {name}
          </h3>
          <p className="truncate font-mono text-sm text-slate-600 dark:text-slate-300">
            {certificate.nom_domaine}
          </p>
          {projectName && (
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">
              Projet : {projectName}
            </p>
          )}
        </div>
      </div>
      <div className="text-sm">
        <p className={label}>Expiration</p>
        <CertificateExpiry expiresAt={certificate.date_expiration} />
      </div>
      <div className="space-y-1.5">
        <div className="flex flex-wrap gap-1.5">
          <CertificateStatusBadge certificate={certificate} />
          <CertificateTypeBadge certificate={certificate} />
          <SimulationMark certificate={certificate} />
          <StagingMark certificate={certificate} />
        </div>
        {certificate.derniere_erreur && (
          <p className="line-clamp-2 text-xs text-red-600 dark:text-red-400">
            {certificate.derniere_erreur}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-1 border-t border-slate-100 pt-2 lg:justify-end lg:border-0 lg:pt-0 dark:border-slate-800">
        <Button
          variant="ghost"
          size="icon"
          onClick={actions.onDetails}
          aria-label={`Détails du certificat ${name}`}
          title="Détails"
        >
          <Eye className="size-4" aria-hidden="true" />
        </Button>
        {canManage && (
          <>
            <Button
              variant="ghost"
              size="icon"
              onClick={actions.onEdit}
              aria-label={`Modifier le certificat ${name}`}
              title="Modifier"
            >
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            {renewable && (
              <Button
                variant="ghost"
                size="icon"
                onClick={actions.onRenew}
                disabled={renewing || certificate.statut === 'En cours de renouvellement'}
                aria-label={`Renouveler le certificat ${name}`}
                title="Renouveler"
              >
                <RefreshCw
                  className={renewing ? 'size-4 animate-spin' : 'size-4'}
                  aria-hidden="true"
                />
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              className="text-red-600! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
              onClick={actions.onDelete}
              aria-label={`Supprimer le certificat ${name}`}
              title="Supprimer"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
