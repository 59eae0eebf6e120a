import { z } from 'zod/mini';
import { appNameField } from './deployments';
import { requiredText } from './fields';

/** Every French text of the backups feature (forms, API errors, the application page). */
export const backupTexts = {
  keepCountInvalid: 'Le nombre de sauvegardes conservées doit être compris entre 1 et 365',
  keepDaysInvalid: 'La durée de conservation doit être comprise entre 1 et 3650 jours',
  endpointRequired: "L'adresse du stockage S3 est requise",
  endpointInvalid: "L'adresse du stockage S3 doit commencer par http:// ou https://",
  endpointPrivate: (host: string) =>
    `L'adresse du stockage S3 « ${host} » mène à un réseau privé ou interne (boucle locale, réseau local, lien local, métadonnées du serveur) : la plateforme ne s'y connecte pas. Indiquez un stockage joignable sur Internet.`,
  endpointUnknownHost: (host: string) =>
    `Le nom « ${host} » du stockage S3 est introuvable : vérifiez l'adresse.`,
  endpointCredentials:
    "L'adresse du stockage S3 ne doit pas contenir d'identifiants : utilisez les champs de clé d'accès.",
  bucketRequired: 'Le nom du bucket est requis',
  bucketInvalid:
    'Nom de bucket invalide (3 à 63 caractères : minuscules, chiffres, points, tirets)',
  accessKeyRequired: "L'identifiant de clé d'accès est requis",
  secretKeyRequired: 'La clé secrète est requise',
  confirmationRequired: 'Confirmez la restauration : les données actuelles seront remplacées',
  backupNotFound: 'Sauvegarde non trouvée',
  backupNotUsable: 'Cette sauvegarde a échoué ou est en cours : elle ne peut pas être restaurée',
  targetTemplateMismatch:
    "L'application cible doit utiliser le même modèle que l'application sauvegardée",
  noDatabaseBackup: "Cette application n'a pas de base de données à sauvegarder",
  alreadyRunning: 'Une sauvegarde de cette application est déjà en cours',
  oneTargetOnly:
    'Choisissez une seule cible : une application existante ou une nouvelle application',
  environmentRequired: "Sélectionnez l'environnement de la nouvelle application",
  newApplicationFailed: (reason: string) => `La nouvelle application n'a pas démarré : ${reason}`,
  newApplicationTimeout:
    "La nouvelle application n'a pas démarré à temps : la sauvegarde n'y a pas été chargée.",
  newApplicationGone: 'La nouvelle application a été supprimée avant la restauration.',
  inClusterNeedsS3:
    "Sur ce runtime (Kubernetes), les sauvegardes partent directement du cluster vers le stockage S3 du projet : un administrateur du projet doit d'abord configurer une destination S3.",
  /**
   * Shown on the application's « Sauvegardes » card where the runtime (Kubernetes) sends
   * backups straight to S3 and the project has no destination: nothing is scheduled meanwhile.
   */
  destinationMissing:
    "Aucune sauvegarde n'est faite pour le moment : sur ce runtime (Kubernetes), les sauvegardes partent directement du cluster vers le stockage S3 du projet, et ce projet n'en a pas. Un administrateur du projet doit configurer la « Destination S3 du projet » ; la sauvegarde quotidienne démarrera alors d'elle-même.",
  inClusterRestoreNeedsS3:
    "Sur ce runtime (Kubernetes), la restauration lit la sauvegarde dans le stockage S3 du projet : cette sauvegarde n'y a pas de copie vérifiée, ou le projet n'a plus de destination S3.",
  inClusterMismatch:
    "La copie S3 relue ne correspond pas à l'archive produite dans le cluster (taille ou somme de contrôle).",
  backupStarted: 'Sauvegarde lancée',
  restoreStarted: 'Restauration lancée',
  restoreAlreadyRunning: 'Une restauration de cette application est déjà en cours',
  restoreInterrupted: "Interrompue : la plateforme s'est arrêtée pendant la restauration.",
  /** A platform stop handed the restore over; the next start takes it up from the beginning. */
  restoreResumedEvent:
    'La plateforme a redémarré pendant la restauration : elle reprend depuis le début.',
  earlierLoadRunning:
    'Un chargement de sauvegarde précédent tourne encore dans la base de données : réessayez plus tard.',
  backupInterrupted:
    "Interrompue : le processus de la plateforme s'est arrêté pendant l'opération.",
  restoreFailedEvent: (backupDate: string, reason: string) =>
    `Échec de la restauration de la sauvegarde du ${backupDate} : ${reason}`,
  retryStarted: 'Nouvelle tentative de restauration lancée',
  nothingToRetry: "Cette application n'attend aucune restauration",
  // The application page, for an application created to receive a restore (held, no replica).
  holdRunning: (source: string) =>
    `Restauration de la sauvegarde de « ${source} » en cours : l'application démarrera une fois les données chargées.`,
  holdFailed: (source: string, reason: string) =>
    `La restauration de la sauvegarde de « ${source} » a échoué : ${reason}`,
  holdNoRestore:
    "Aucune sauvegarde n'est chargée dans cette application (la sauvegarde a pu être supprimée) : restaurez-y une autre sauvegarde ou supprimez l'application.",
  holdAdvice:
    "L'application reste arrêtée, sans réplique, pour ne jamais servir un site vide. Réessayez la restauration ou supprimez l'application.",
} as const;

const t = backupTexts;

/** PUT /deployments/{id}/backup-schedule */
export const backupScheduleSchema = z.object({
  /** Left out: the stored choice stays (the form sends it only when the customer changed it). */
  actif: z.optional(z.boolean()),
  conservation_nombre: z
    .number()
    .check(z.int(t.keepCountInvalid), z.gte(1, t.keepCountInvalid), z.lte(365, t.keepCountInvalid)),
  conservation_jours: z
    .number()
    .check(z.int(t.keepDaysInvalid), z.gte(1, t.keepDaysInvalid), z.lte(3650, t.keepDaysInvalid)),
});
export type BackupScheduleInput = z.infer<typeof backupScheduleSchema>;

/** PUT /projects/{id}/backup-destination: an S3-compatible storage (the secret is write-only). */
export const backupDestinationSchema = z.object({
  endpoint: requiredText(t.endpointRequired, z.regex(/^https?:\/\/[^\s]+$/, t.endpointInvalid)),
  region: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  bucket: requiredText(
    t.bucketRequired,
    z.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, t.bucketInvalid),
  ),
  prefixe: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  access_key_id: requiredText(t.accessKeyRequired, z.maxLength(256)),
  secret_access_key: requiredText(t.secretKeyRequired, z.maxLength(256)),
});
export type BackupDestinationInput = z.infer<typeof backupDestinationSchema>;

/**
 * POST /deployments/{id}/backups/{backupId}/restore: into the same application, another existing
 * one of the same template, or a new application (same template) created in `environment_id`.
 */
export const restoreBackupSchema = z.object({
  confirmation: z.literal(true, { error: t.confirmationRequired }),
  application_cible_id: z.optional(z.string()),
  nouvelle_application: z.optional(
    z.object({
      environment_id: requiredText(t.environmentRequired),
      nom: appNameField,
    }),
  ),
});
export type RestoreBackupInput = z.infer<typeof restoreBackupSchema>;
