import { domainOwnershipTexts } from '@nuage/shared/dns-help';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { InfoList } from '@/components/ui/info-list';
import type { DeploymentDetail } from '@nuage/shared/schemas/responses/deployments';

const engines: Record<string, string> = { postgresql: 'PostgreSQL', mariadb: 'MariaDB (MySQL)' };

/**
 * SPEC §2 extra info: the TLS certificate (by name, never its id), domain, image tag; then admin
 * e-mail and database.
 */
export function ExtraInfoCard({ deployment: d }: { deployment: DeploymentDetail }) {
  const db = d.base_de_donnees;
  return (
    <Card role="region" aria-labelledby="extra-title">
      <CardHeader title={<span id="extra-title">Informations complémentaires</span>} />
      <CardBody className="py-2">
        <InfoList
          items={[
            {
              label: 'Certificat du domaine',
              value: d.certificat_tls
                ? `${d.certificat_tls.nom} (${d.certificat_tls.domaine})`
                : d.certificat_tls_id
                  ? 'Certificat du projet'
                  : 'Aucun',
            },
            {
              label: 'Domaine',
              // Not served before its owner proves control: no link to it meanwhile.
              value:
                d.nom_de_domaine && d.statut_domaine === 'en_attente' ? (
                  <span className="inline-flex flex-wrap items-center justify-end gap-2">
                    {d.nom_de_domaine}
                    <Badge tone="yellow">{domainOwnershipTexts.pending}</Badge>
                  </span>
                ) : d.nom_de_domaine ? (
                  <a
                    href={`https://${d.nom_de_domaine}`}
                    target="_blank"
                    rel="noreferrer"
                    className="text-blue-600 hover:underline dark:text-blue-400"
                  >
                    {d.nom_de_domaine}
                  </a>
                ) : (
                  'Aucun'
                ),
            },
            // A code application's tag names an internal build: its version is on the source card.
            ...(d.source_kind === 'code' ? [] : [{ label: "Tag de l'image", value: d.image_tag }]),
            ...(d.admin_email ? [{ label: 'Email administrateur', value: d.admin_email }] : []),
            ...(db
              ? [
                  {
                    label: 'Base de données',
                    value: `${engines[db.engine] ?? db.engine} · ${db.database} (configuration automatique)`,
                  },
                ]
              : []),
          ]}
        />
      </CardBody>
    </Card>
  );
}
