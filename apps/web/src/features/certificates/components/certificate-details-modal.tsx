import type { Certificate } from '@nuage/shared/certificate-types';
import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { Notice } from '@/components/ui/notice';
import { formatDate, formatDateTime } from '@/lib/format';
import { CertificateTypeBadge, SimulationMark, StagingMark } from './certificate-badges';
import { CertificateExpiry } from './certificate-expiry';
import { CertificateStatusBadge } from './certificate-status';
import { ValidationResult } from './validation-result';

function Item({
  label,
  wide = false,
  children,
}: {
  label: string;
  /** Takes the whole row on a phone (long values). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
      <dt className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

/** SPEC §2 details: what the certificate is, and whether it is fit to serve its domain. */
export function CertificateDetailsModal({
  certificate,
  projectName,
  onClose,
}: {
  certificate: Certificate;
  projectName?: string | undefined;
  onClose(): void;
}) {
  const c = certificate;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Détails du certificat"
      description={c.nom}
      size="lg"
    >
      <div className="space-y-5">
        {c.derniere_erreur && (
          <Notice tone="error" title="Dernière erreur">
            {c.derniere_erreur}
          </Notice>
        )}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-y-4">
          <Item label="Nom" wide>
            {c.nom}
          </Item>
          <Item label="Domaine" wide>
            <span className="font-mono">{c.nom_domaine}</span>
          </Item>
          <Item label="Type">
            <span className="flex flex-wrap gap-1.5">
              <CertificateTypeBadge certificate={c} />
              <SimulationMark certificate={c} />
              <StagingMark certificate={c} />
            </span>
          </Item>
          <Item label="Statut">
            <CertificateStatusBadge certificate={c} />
          </Item>
          <Item label="Expiration">
            <CertificateExpiry expiresAt={c.date_expiration} />
          </Item>
          <Item label="Créé le">{formatDate(c.date_creation)}</Item>
          {projectName && (
            <Item label="Projet" wide>
              {projectName}
            </Item>
          )}
          <Item label="Émetteur" wide>
            {c.emetteur ?? '—'}
          </Item>
          {c.prochain_renouvellement && (
            <Item label="Prochain renouvellement" wide>
              {formatDateTime(c.prochain_renouvellement)}
            </Item>
          )}
          {c.email && (
            <Item label="Email de contact" wide>
              {c.email}
            </Item>
          )}
          <Item label="Domaines couverts" wide>
            {c.domaines.length > 0 ? (
              <ul className="font-mono">
                {c.domaines.map((domain) => (
                  <li key={domain}>{domain}</li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </Item>
          <Item label="Description" wide>
            {c.description || '—'}
          </Item>
        </dl>
        <ValidationResult certificate={c} />
      </div>
    </Modal>
  );
}
