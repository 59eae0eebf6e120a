import type { ImagePart } from './schemas/responses/builds';

/**
 * The words of /built-images (issue 33 item 8): code builds and template image downloads in
 * two lists, each row saying which application and which part of it the image runs, and the
 * build statistics over builds only.
 */
export const builtImagesTexts = {
  title: 'Images',
  description:
    'Les builds de vos applications depuis Git, et à part les images des modèles téléchargées (WordPress, MariaDB…).',
  buildsTitle: 'Builds depuis Git',
  buildsList: 'Builds depuis Git',
  buildsStats: 'Statistiques des builds',
  buildsCount: (n: number) => `${n} build${n > 1 ? 's' : ''}`,
  noBuild: 'Aucun build pour le moment',
  noBuildYet:
    'Un build est fait chaque fois que vous déployez une application depuis son dépôt Git.',
  noBuildMatch: 'Aucun build ne correspond à ce filtre.',
  pullsTitle: 'Images téléchargées',
  pullsList: 'Images téléchargées',
  pullsIntro:
    'Les images des modèles (WordPress, MariaDB…) téléchargées pour vos applications : ce ne sont pas des builds.',
  pullsCount: (n: number) => `${n} téléchargement${n > 1 ? 's' : ''}`,
  noPull: 'Aucune image téléchargée pour le moment.',
  emptyTitle: 'Aucune image pour le moment',
  emptyDescription:
    'Les images apparaissent ici dès que vous déployez une application : un build depuis votre dépôt Git, ou l’image d’un modèle (WordPress, Odoo…) téléchargée.',
  emptyAction: 'Déployer une application',
  /** « boutique · base de données »: the application, then the part the image runs. */
  part: {
    application: 'application',
    database: 'base de données',
    setup: 'installation',
  } satisfies Record<ImagePart, string>,
  partLabel: 'Partie',
} as const;
