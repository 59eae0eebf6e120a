/** French texts of the OpenAPI page (/api/v1/docs): tags and descriptions of routes. */
export const apiDocTags = {
  audit: 'Journal d’audit',
  apiTokens: 'Jetons d’API',
} as const;

export const apiDocDescriptions = {
  createApiToken:
    'Crée un jeton personnel. Sa valeur (`token`, qui commence par `ndp_`) n’est renvoyée qu’une fois ; utilisez-la dans l’en-tête `Authorization: Bearer ndp_…`.',
} as const;
