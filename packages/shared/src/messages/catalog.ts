/** The wizard's catalogue of ready-made applications (issue 30): search and filters. */
export const catalogueTexts = {
  searchLabel: 'Rechercher une application',
  searchPlaceholder: 'Nom, usage ou mot-clé (facturation, boutique, wiki…)',
  categoryLabel: 'Catégorie',
  allCategories: 'Toutes les catégories',
  noMatch: 'Aucune application ne correspond à votre recherche.',
  count: (n: number) => (n <= 1 ? `${n} application` : `${n} applications`),
} as const;
