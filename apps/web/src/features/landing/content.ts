import { MONEY_BACK_GUARANTEE_DAYS } from '@nuage/shared/plans';
import {
  ArrowRightLeft,
  Boxes,
  Container,
  Gauge,
  GitBranch,
  Globe,
  Headset,
  KeyRound,
  LayoutTemplate,
  Lock,
  Rocket,
  Settings2,
  ShieldCheck,
  Undo2,
  Upload,
  type LucideIcon,
} from 'lucide-react';

/**
 * The landing page's copy, as data: sections map over it, so a wording change touches one file.
 * French ids keep the in-page URLs readable (/#tarifs).
 */
/**
 * How many applications the catalogue offers (packages/shared/src/applications/): written here,
 * not counted, so the landing page does not load every application's file (its 120 KB budget);
 * content.test.ts fails when the catalogue grows without this number.
 */
export const CATALOGUE_SIZE = 28;

export const sectionIds = {
  platforms: 'plateformes',
  process: 'processus',
  features: 'fonctionnalites',
  pricing: 'tarifs',
} as const;

export const navLinks = [
  { id: sectionIds.platforms, label: 'Plateformes' },
  { id: sectionIds.process, label: 'Comment ça marche' },
  { id: sectionIds.features, label: 'Fonctionnalités' },
  { id: sectionIds.pricing, label: 'Tarifs' },
] as const;

export const contacts = [
  { label: 'Équipe commerciale', email: 'ventes@nuagedeploy.com', subject: 'Demande commerciale' },
  { label: 'Support technique', email: 'support@nuagedeploy.com', subject: undefined },
  { label: 'Demander une démo', email: 'demo@nuagedeploy.com', subject: 'Demande de démo' },
  { label: 'Contact général', email: 'contact@nuagedeploy.com', subject: undefined },
] as const;

export function mailto(email: string, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`;
}

export interface Card {
  icon: LucideIcon;
  title: string;
  text: string;
}

export interface PlatformCard extends Card {
  kicker: string;
  points: readonly string[];
}

export const platforms: readonly PlatformCard[] = [
  {
    icon: Boxes,
    kicker: 'Production à grande échelle',
    title: 'Kubernetes',
    text: 'Chaque environnement dans son espace isolé, avec ses quotas, ses certificats TLS et une mise à l’échelle qui suit votre trafic.',
    points: [
      'Un espace isolé par environnement',
      'Quotas CPU, RAM et stockage',
      'Mise à l’échelle automatique',
    ],
  },
  {
    icon: Container,
    kicker: 'Un seul serveur suffit',
    title: 'Docker et Podman',
    text: 'Les mêmes applications sur une seule machine : idéal pour une PME, une agence web ou un serveur installé dans vos locaux.',
    points: [
      'Un réseau isolé par environnement',
      'Limites CPU et mémoire garanties',
      'Volumes persistants pour vos données',
    ],
  },
  {
    icon: LayoutTemplate,
    kicker: 'Prêtes à l’emploi',
    title: 'WordPress, Odoo et plus',
    text: 'Site vitrine, boutique en ligne ou ERP complet : des modèles préconfigurés avec leur base de données, en ligne en un clic.',
    points: [
      'WordPress (CMS) avec MySQL',
      'Odoo (ERP) avec PostgreSQL',
      `${CATALOGUE_SIZE} applications : CRM, comptabilité, projets, wiki, supervision…`,
    ],
  },
];

export const steps: readonly Card[] = [
  {
    icon: GitBranch,
    title: 'Connectez votre dépôt',
    text: 'Reliez votre dépôt GitHub, GitLab ou Bitbucket en quelques secondes.',
  },
  {
    icon: Settings2,
    title: 'Configurez le build',
    text: 'Indiquez la commande de build et vos variables d’environnement, une fois pour toutes.',
  },
  {
    icon: Upload,
    title: 'Poussez votre code',
    text: 'Chaque git push lance automatiquement le build, les tests et le déploiement.',
  },
  {
    icon: Rocket,
    title: 'Mise en ligne instantanée',
    text: 'Votre application est en ligne, en HTTPS, en moins de 5\u00a0minutes.',
  },
];

/** SPEC §1's figures: `prefix` and `value` are shown large, `label` completes the sentence. */
export const stats = [
  { prefix: '', value: '99,9\u00a0%', label: 'de disponibilité' },
  { prefix: 'moins de', value: '5\u00a0min', label: 'pour déployer votre application' },
  { prefix: 'moins de', value: '3\u00a0min', label: 'pour un CMS ou un ERP' },
  { prefix: 'jusqu’à', value: '75\u00a0%', label: 'de temps de développement gagné' },
] as const;

export const features: readonly Card[] = [
  {
    icon: Globe,
    title: 'Domaine offert',
    text: 'Un nom de domaine gratuit pour lancer votre présence en ligne sans frais supplémentaires.',
  },
  {
    icon: ArrowRightLeft,
    title: 'Migration gratuite',
    text: 'Nous transférons votre site ou votre ERP existant chez NuageDeploy, sans frais.',
  },
  {
    icon: Headset,
    title: 'Support 24/7',
    text: 'Une équipe à votre écoute jour et nuit, sept jours sur sept.',
  },
  {
    icon: Undo2,
    title: `Satisfait ou remboursé ${MONEY_BACK_GUARANTEE_DAYS} jours`,
    text: 'Essayez sans risque : si la plateforme ne vous convient pas, nous vous remboursons.',
  },
  {
    icon: Lock,
    title: 'SSL automatique',
    text: 'Certificats HTTPS émis et renouvelés automatiquement pour chacun de vos domaines.',
  },
  {
    icon: ShieldCheck,
    title: 'Protection DDoS',
    text: 'Vos applications restent accessibles, même face aux attaques par saturation.',
  },
  {
    icon: Gauge,
    title: 'Mise à l’échelle automatique',
    text: 'Les ressources suivent votre trafic, des journées calmes aux pics de fin de mois.',
  },
  {
    icon: GitBranch,
    title: 'Environnements multiples par branche Git',
    text: 'Développement, staging, préproduction et production, chacun isolé et relié à sa branche.',
  },
  {
    icon: KeyRound,
    title: 'Sécurité de niveau entreprise',
    text: 'Contrôle d’accès par rôles (RBAC), authentification unique (SSO) et isolation multi-tenant.',
  },
];
