/**
 * Every action the per-project audit log records, with its French label and the category the
 * screen filters on. Another module recording a new kind of action adds it here.
 */
export const auditActions = {
  'project.update': { label: 'Projet modifié', category: 'projet' },
  'project.quota': { label: 'Quotas modifiés', category: 'projet' },
  'project.delete': { label: 'Projet supprimé', category: 'projet' },
  'member.invite': { label: 'Invitation envoyée', category: 'membres' },
  'member.invitation_revoked': { label: 'Invitation annulée', category: 'membres' },
  'member.join': { label: 'Invitation acceptée', category: 'membres' },
  'member.role': { label: 'Rôle modifié', category: 'membres' },
  'member.remove': { label: 'Membre retiré', category: 'membres' },
  'member.leave': { label: 'Membre parti', category: 'membres' },
  'environment.create': { label: 'Environnement créé', category: 'environnements' },
  'environment.update': { label: 'Environnement modifié', category: 'environnements' },
  'environment.delete': { label: 'Environnement supprimé', category: 'environnements' },
  'deployment.create': { label: 'Application déployée', category: 'applications' },
  'deployment.update': { label: 'Application modifiée', category: 'applications' },
  'deployment.scale': { label: 'Mise à l’échelle', category: 'applications' },
  'deployment.restart': { label: 'Application redémarrée', category: 'applications' },
  'deployment.delete': { label: 'Application supprimée', category: 'applications' },
  'backup.create': { label: 'Sauvegarde lancée', category: 'applications' },
  'backup.restore': { label: 'Sauvegarde restaurée', category: 'applications' },
  'backup.schedule': { label: 'Planification des sauvegardes modifiée', category: 'applications' },
  'backup.final_restore': {
    label: 'Sauvegarde finale restaurée dans une nouvelle base',
    category: 'applications',
  },
  'backup.final_delete': { label: 'Sauvegarde finale supprimée', category: 'projet' },
  'backup.destination_set': { label: 'Destination S3 des sauvegardes définie', category: 'projet' },
  'backup.destination_remove': {
    label: 'Destination S3 des sauvegardes supprimée',
    category: 'projet',
  },
  'deployment.password_reveal': {
    label: 'Mot de passe administrateur révélé',
    category: 'applications',
  },
  'deployment.password_regenerate': {
    label: 'Mot de passe administrateur régénéré',
    category: 'applications',
  },
  'deployment.redeploy': { label: 'Redéploiement demandé', category: 'applications' },
  'deployment.rollback': { label: 'Retour à une version précédente', category: 'applications' },
  'deployment.promote': {
    label: 'Promotion d’une version vers un autre environnement',
    category: 'applications',
  },
  'deployment.env_vars': { label: 'Variables d’environnement modifiées', category: 'applications' },
  'deployment.webhook_secret': { label: 'Secret du webhook régénéré', category: 'applications' },
  'database.create': { label: 'Base de données créée', category: 'applications' },
  'database.resize': { label: 'Base de données redimensionnée', category: 'applications' },
  'database.upgrade': { label: 'Base de données mise à jour', category: 'applications' },
  'database.public_access': {
    label: 'Accès public d’une base de données modifié',
    category: 'applications',
  },
  'database.restart': { label: 'Base de données redémarrée', category: 'applications' },
  'database.stop': { label: 'Base de données arrêtée', category: 'applications' },
  'database.start': { label: 'Base de données démarrée', category: 'applications' },
  'database.delete': { label: 'Base de données supprimée', category: 'applications' },
  'database.link': { label: 'Application liée à une base de données', category: 'applications' },
  'database.unlink': {
    label: 'Application déliée d’une base de données',
    category: 'applications',
  },
  'database.credentials_reveal': {
    label: 'Mot de passe d’une base de données révélé',
    category: 'applications',
  },
  'database.credentials_regenerate': {
    label: 'Mot de passe d’une base de données régénéré',
    category: 'applications',
  },
  'deployment.source': { label: 'Source de l’application modifiée', category: 'applications' },
  'deployment.uptime_check': {
    label: 'Vérification de disponibilité modifiée',
    category: 'applications',
  },
  'deployment.metric_alert_create': { label: 'Règle d’alerte ajoutée', category: 'applications' },
  'deployment.metric_alert_update': { label: 'Règle d’alerte modifiée', category: 'applications' },
  'deployment.metric_alert_delete': { label: 'Règle d’alerte supprimée', category: 'applications' },
  'deployment.autoscaling': {
    label: 'Mise à l’échelle automatique modifiée',
    category: 'applications',
  },
  'deployment.autoscale': { label: 'Mise à l’échelle automatique', category: 'applications' },
  'deployment.image_watch': {
    label: 'Redéploiement à chaque nouvelle version modifié',
    category: 'applications',
  },
  'deployment.image_watch_hook': {
    label: 'Adresse du webhook du registre créée',
    category: 'applications',
  },
  'deployment.app_update': {
    label: 'Mise à jour de l’application lancée',
    category: 'applications',
  },
  'deployment.image_update': {
    label: 'Nouvelle version de l’image déployée',
    category: 'applications',
  },
  'project.status_page': { label: 'Page de statut publique modifiée', category: 'projet' },
  'deployment.domain_refused': { label: 'Nom de domaine refusé', category: 'applications' },
  'deployment.domain_verified': { label: 'Nom de domaine vérifié', category: 'applications' },
  'deployment.domain_released': { label: 'Nom de domaine retiré', category: 'applications' },
  'build.cancel': { label: 'Construction annulée', category: 'applications' },
  'preview.settings': { label: 'Aperçus des pull requests configurés', category: 'applications' },
  'preview.approve': { label: 'Aperçu d’un fork approuvé', category: 'applications' },
  'preview.restart': { label: 'Aperçu relancé', category: 'applications' },
  'preview.delete': { label: 'Aperçu supprimé', category: 'applications' },
  'task.create': { label: 'Tâche planifiée créée', category: 'applications' },
  'task.update': { label: 'Tâche planifiée modifiée', category: 'applications' },
  'task.delete': { label: 'Tâche planifiée supprimée', category: 'applications' },
  'task.run': { label: 'Tâche planifiée exécutée manuellement', category: 'applications' },
  'task.command': { label: 'Commande exécutée', category: 'applications' },
  'task.stop': { label: 'Exécution arrêtée', category: 'applications' },
  'terminal.session': { label: 'Session de terminal', category: 'applications' },
  'git_token.create': { label: 'Token Git ajouté', category: 'projet' },
  'git_token.delete': { label: 'Token Git supprimé', category: 'projet' },
  'registry_credential.create': { label: 'Identifiants de registre ajoutés', category: 'projet' },
  'registry_credential.delete': { label: 'Identifiants de registre supprimés', category: 'projet' },
  'notification_channel.create': { label: 'Canal de notification ajouté', category: 'projet' },
  'notification_channel.update': { label: 'Canal de notification modifié', category: 'projet' },
  'notification_channel.delete': { label: 'Canal de notification supprimé', category: 'projet' },
  'notification_channel.test': { label: 'Canal de notification testé', category: 'projet' },
  'certificate.create': { label: 'Certificat ajouté', category: 'certificats' },
  'certificate.update': { label: 'Certificat modifié', category: 'certificats' },
  'certificate.renew': { label: 'Renouvellement demandé', category: 'certificats' },
  'certificate.delete': { label: 'Certificat supprimé', category: 'certificats' },
  'certificate.refused': { label: 'Commande de certificat refusée', category: 'certificats' },
  'api_token.create': { label: 'Jeton d’API créé pour ce projet', category: 'jetons' },
  'api_token.revoke': { label: 'Jeton d’API révoqué', category: 'jetons' },
  'api_token.use': { label: 'Jeton d’API utilisé', category: 'jetons' },
} as const satisfies Record<string, { label: string; category: string }>;

export type AuditAction = keyof typeof auditActions;

export const auditCategories = {
  projet: 'Projet',
  membres: 'Membres',
  environnements: 'Environnements',
  applications: 'Applications',
  certificats: 'Certificats',
  jetons: 'Jetons d’API',
} as const;

export type AuditCategory = keyof typeof auditCategories;

export type { AuditEvent, AuditPage } from './schemas/responses/audit';

export function auditLabel(action: string): string {
  return (auditActions as Record<string, { label: string }>)[action]?.label ?? action;
}

export function actionsOf(category: AuditCategory): string[] {
  return Object.entries(auditActions)
    .filter(([, a]) => a.category === category)
    .map(([code]) => code);
}
