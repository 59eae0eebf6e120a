import type { Preview, PreviewsOfApplication } from '@nuage/shared/schemas/responses/previews';

const HOUR = 3_600_000;

/** A pull request's preview, ready, opened two hours before the test runs. */
export function buildPreview(overrides: Partial<Preview> = {}): Preview {
  const opened = new Date(Date.now() - 2 * HOUR).toISOString();
  return {
    id: 'prev-12',
    fournisseur: 'github',
    numero_pr: 12,
    titre: 'Ajoute le panier',
    url_pr: 'https://github.com/boutique/api-commandes/pull/12',
    branche: 'feature/panier',
    commit: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
    depuis_fork: false,
    approuve: true,
    etat: 'ready',
    message: null,
    environnement_id: 'env-pr-12',
    application_id: 'app-pr-12',
    url: 'https://api-commandes-pr-12.apps.nuage.sn',
    cout_mensuel_xof: 3275,
    date_creation: opened,
    date_maj: opened,
    suppression_prevue: null,
    ...overrides,
  };
}

/** The previews of an application: on, the defaults' size, two open of five in the project. */
export function buildPreviews(
  overrides: Partial<PreviewsOfApplication> = {},
): PreviewsOfApplication {
  return {
    parametres: {
      actif: true,
      cpu: 0.25,
      ram: 0.5,
      delai_suppression_minutes: 0,
      arret_inactivite_heures: null,
      bases_de_donnees: 'vide',
      variables: [],
      api_url: null,
      jeton_statut_id: null,
    },
    branches_suivies: [
      {
        environnement_id: 'env-prod',
        environnement_nom: 'Production',
        application_id: 'dep-1',
        application_nom: 'api',
        branche: 'main',
      },
      {
        environnement_id: 'env-staging',
        environnement_nom: 'Recette',
        application_id: 'dep-2',
        application_nom: 'api',
        branche: 'develop',
      },
    ],
    maximum_par_projet: 5,
    ouverts_dans_le_projet: 1,
    apercus: [buildPreview()],
    ...overrides,
  };
}
