/** What the API answers about backups: `z.infer` of schemas/responses/backups.ts. */
export type {
  BackupCopie,
  BackupStatut,
  DestinationSauvegarde,
  PlanificationSauvegarde,
  Restauration,
  Sauvegarde,
  SauvegardesApplication,
} from './schemas/responses/backups';
export type { AlerteRestauration } from './schemas/responses/deployments';
