/**
 * Responses of the code pipeline (issue 13): `z.infer` of schemas/responses/builds.ts. The HTTP
 * contract is /work/notes/issue-13-api.md.
 */
export {
  buildStatusValues,
  webhookProviders,
  type BuildList,
  type BuildLogLine,
  type BuildStatus,
  type BuildSummary,
  type BuildTrigger,
  type EnvVarView,
  type GitTokenSummary,
  type PromotionTarget,
  type Release,
  type ReleaseConfigurationSummary,
  type WebhookInfo,
  type WebhookSecret,
} from './schemas/responses/builds';

export const buildTexts = {
  cancelRequested: 'Annulation demandée.',
  rollbackNotice: 'Les bases de données et les volumes ne sont pas restaurés.',
  badSignature: 'Signature du webhook invalide.',
} as const;
