/** Errors of the `limit` and `offset` query parameters of the API's paged lists. */
export const paginationTexts = {
  limitRange: (max: number) => `limit doit être un entier entre 1 et ${max}`,
  offsetPositive: 'offset doit être un entier positif',
} as const;
