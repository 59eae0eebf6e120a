import { z } from 'zod/mini';
import { requiredText } from './fields';

/** Every French text of the backups feature (forms, API errors, the application page). */
export const backupTexts = {
  keepCountInvalid: 'Le nombre de sauvegardes conservées doit être compris entre 1 et 365',
  keepDaysInvalid: 'La durée de conservation doit être comprise entre 1 et 3650 jours',
  endpointRequired: "L'adresse du stockage S3 est requise",
  endpointInvalid: "L'adresse du stockage S3 doit commencer par http:// ou https://",
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
  backupStarted: 'Sauvegarde lancée',
  restoreStarted: 'Restauration lancée',
} as const;

const t = backupTexts;

/** PUT /deployments/{id}/backup-schedule */
export const backupScheduleSchema = z.object({
  actif: z.boolean(),
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

/** POST /backups/{id}/restore: into the same application, or another one of the same template. */
export const restoreBackupSchema = z.object({
  confirmation: z.literal(true, { error: t.confirmationRequired }),
  application_cible_id: z.optional(z.string()),
});
export type RestoreBackupInput = z.infer<typeof restoreBackupSchema>;
