import { z } from 'zod/mini';
import { emailField, requiredText } from './fields';
import { isRealDate } from './dates';
import { DOMAIN_PATTERN } from './domain';

/** SPEC §5 "Certificate form" rules and every certificate text the server answers. */
export const certificateMessages = {
  nomRequired: 'Le nom est requis',
  nomTooLong: 'Le nom ne peut pas dépasser 100 caractères',
  descriptionTooLong: 'La description ne peut pas dépasser 1000 caractères',
  domainRequired: 'Le nom de domaine est requis',
  domainInvalid: 'Nom de domaine invalide (exemple : boutique.exemple.sn ou *.exemple.sn)',
  projectRequired: 'Sélectionnez un projet',
  certificateRequired: 'Le certificat (PEM) est requis',
  privateKeyRequired: 'La clé privée (PEM) est requise',
  pemTooLong: 'Le contenu PEM ne peut pas dépasser 64 Ko',
  expiryRequired: "La date d'expiration est requise",
  expiryInvalid: "Date d'expiration invalide (format AAAA-MM-JJ)",
  typeInvalid:
    "Type de certificat invalide : un certificat Let's Encrypt se demande avec POST /certificates/letsencrypt",
  providerInvalid: 'Fournisseur inconnu : seul letsencrypt est proposé',
  notFound: 'Certificat non trouvé',
  certificateUnreadable:
    "Le certificat n'est pas un PEM X.509 lisible (un bloc « -----BEGIN CERTIFICATE----- » est attendu).",
  keyUnreadable: "La clé privée n'est pas une clé PEM lisible (PKCS#8, RSA ou EC, non chiffrée).",
  keyEncrypted:
    'La clé privée est protégée par une phrase secrète : fournissez-la déchiffrée (openssl pkey -in cle.pem).',
  keyMismatch: 'La clé privée ne correspond pas au certificat.',
  keyMissing: "Aucune clé privée n'est enregistrée pour ce certificat.",
  noSubjectAltName:
    "Le certificat n'a pas d'extension subjectAltName : les navigateurs ignorent le nom commun (CN) et le refuseront.",
  selfSigned: 'Certificat auto-signé : les navigateurs afficheront un avertissement de sécurité.',
  chainBroken:
    "La chaîne de certificats est incohérente : chaque certificat doit être suivi de celui de l'autorité qui l'a signé.",
  simulation:
    "Certificat émis par l'autorité de simulation locale de NuageDeploy : aucun navigateur ne lui fait confiance, il ne remplace pas un vrai certificat.",
  wildcardNeedsDns01:
    "Un certificat wildcard exige une validation DNS-01 : aucun fournisseur DNS n'est configuré sur la plateforme (ACME_DNS_PROVIDER, ou CERT_MANAGER_DNS01_SOLVER sur Kubernetes). Demandez un certificat sans wildcard ou contactez l'administrateur de la plateforme.",
  duplicateOrder: "Un certificat Let's Encrypt existe déjà pour ce domaine dans ce projet.",
  renewCustom:
    "Seuls les certificats Let's Encrypt se renouvellent automatiquement : importez le nouveau certificat en modifiant celui-ci.",
  renewByProxy:
    "Ce certificat est obtenu et renouvelé par le proxy HTTPS du serveur, qui réessaie de lui-même en cas d'échec : il n'y a rien à demander.",
  pemOnLetsEncrypt:
    "Le contenu d'un certificat Let's Encrypt est géré par la plateforme : seuls le nom et la description se modifient.",
  notIssuedYet:
    "Le certificat n'est pas encore émis : la commande auprès de l'autorité est en cours.",
  domainUnknown:
    'Le certificat ne nomme aucun domaine (ni subjectAltName, ni CN) : indiquez le nom de domaine.',
  domainRequiredWithCertificate:
    'Un nom de domaine est requis pour utiliser un certificat TLS (nom_domaine).',
  certificateUnusable: (statut: string) =>
    `Ce certificat ne peut pas être utilisé : son statut est « ${statut} ».`,
  expired: (date: string) => `Le certificat a expiré le ${date}.`,
  notYetValid: (date: string) => `Le certificat n'est valable qu'à partir du ${date}.`,
  expiresSoon: (days: number) =>
    `Le certificat expire dans ${days} jour${days > 1 ? 's' : ''} : pensez à le renouveler.`,
  expiryDisagrees: (typed: string, actual: string) =>
    `La date d'expiration saisie (${typed}) ne correspond pas à celle du certificat (${actual}) : la date lue dans le certificat est retenue.`,
  domainNotCovered: (domain: string, names: string) =>
    `Le certificat ne couvre pas le domaine ${domain} (noms couverts : ${names || 'aucun'}).`,
  chainIncomplete: (issuer: string) =>
    `Chaîne de certificats incomplète : le certificat de l'autorité « ${issuer} » manque. Ajoutez le certificat intermédiaire après celui du domaine.`,
  untrustedRoot: (name: string) =>
    `L'autorité racine « ${name} » n'est pas reconnue par les navigateurs.`,
  inUse: (applications: string) =>
    `Ce certificat est utilisé par ${applications} : retirez-le de ces applications avant de le supprimer.`,
  /**
   * Let's Encrypt orders (issue 24): only for a name the project holds and has proved (a
   * verified custom domain of one of its applications; `*.x` needs x), never the platform's.
   */
  orderNotHeld: (name: string, domain: string) =>
    `Impossible de commander un certificat pour ${name} : ${domain} n'est pas un nom de domaine vérifié d'une application de ce projet. Indiquez-le comme nom de domaine d'une application, puis prouvez qu'il vous appartient (carte « Configuration DNS » de l'application).`,
  orderReserved: (name: string) =>
    `Impossible de commander un certificat pour ${name} : ce nom appartient à la plateforme, qui obtient elle-même les certificats de ses adresses.`,
  noLongerHeld: (domain: string) =>
    `${domain} n'est plus un nom de domaine vérifié d'une application de ce projet : la plateforme ne commande plus de certificat pour lui.`,
  stillCoversApplications: (domain: string, application: string) =>
    `Le nouveau certificat ne couvre pas le domaine ${domain} de l'application « ${application} ».`,
} as const;

/** Beside the fields of the Let's Encrypt form (Certificats page). */
export const letsEncryptFormTexts = {
  domainHint:
    "Un nom de domaine vérifié d'une application de ce projet (carte « Configuration DNS » de l'application), qui pointe vers la plateforme : l'autorité le vérifie avant d'émettre.",
} as const;

const m = certificateMessages;

/** 64 KiB: a leaf, two intermediates and a 4096-bit RSA key fit several times over. */
export const PEM_MAX_LENGTH = 65_536;

/** A host name, optionally with a leading wildcard label (`*.exemple.sn`). */
export const CERTIFICATE_DOMAIN_PATTERN = new RegExp(
  `^(?:\\*\\.)?${DOMAIN_PATTERN.source.slice(1, -1)}$`,
);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const lowerTrim = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

const nomField = requiredText(m.nomRequired, z.maxLength(100, m.nomTooLong));
const descriptionField = z.nullish(
  z.string().check(z.trim(), z.maxLength(1000, m.descriptionTooLong)),
);
const domainField = z.pipe(
  z.transform(lowerTrim),
  requiredText(m.domainRequired, z.regex(CERTIFICATE_DOMAIN_PATTERN, m.domainInvalid)),
);
const optionalDomainField = z.optional(
  z.pipe(z.transform(blankToUndefined), z.optional(domainField)),
);
/** Multi-line by nature: not a requiredText (one line of printable text). */
const pemField = (requiredMsg: string) =>
  z
    .string({ error: requiredMsg })
    .check(
      z.trim(),
      z.minLength(1, { error: requiredMsg, abort: true }),
      z.maxLength(PEM_MAX_LENGTH, m.pemTooLong),
    );
/** On edit, an empty PEM field means "keep the stored one" (SPEC §5). */
const optionalPem = (requiredMsg: string) =>
  z.optional(z.pipe(z.transform(blankToUndefined), z.optional(pemField(requiredMsg))));

/** AAAA-MM-JJ (the date input) or a full ISO date-time, of a day that exists (no 30 February). */
const expiryField = requiredText(m.expiryRequired, z.refine(isRealDate, m.expiryInvalid));
const optionalExpiry = z.optional(z.pipe(z.transform(blankToUndefined), z.optional(expiryField)));

/** POST /certificates/ (SPEC §3 "Custom creation form"), attached to a project. */
export const customCertificateSchema = z.object({
  nom: nomField,
  description: descriptionField,
  projet_id: requiredText(m.projectRequired),
  /** Optional: read from the certificate (its first DNS name) when absent. */
  nom_domaine: optionalDomainField,
  contenu_certificat: pemField(m.certificateRequired),
  contenu_cle_privee: pemField(m.privateKeyRequired),
  date_expiration: expiryField,
  type_certificat: z.optional(z.literal('Personnalisé', { error: m.typeInvalid })),
});
export type CustomCertificateInput = z.infer<typeof customCertificateSchema>;

/** POST /certificates/letsencrypt (SPEC §3 "Automated-authority creation form"). */
export const letsEncryptCertificateSchema = z.object({
  nom: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(nomField))),
  nom_domaine: domainField,
  email: emailField,
  description: descriptionField,
  wildcard: z.optional(z.boolean()),
  staging: z.optional(z.boolean()),
  projet_id: requiredText(m.projectRequired),
  provider: z.optional(z.literal('letsencrypt', { error: m.providerInvalid })),
});
export type LetsEncryptCertificateInput = z.infer<typeof letsEncryptCertificateSchema>;

/** PUT /certificates/{id}: the edit modal; empty PEM fields are omitted (kept). */
export const updateCertificateSchema = z.object({
  nom: z.optional(nomField),
  description: descriptionField,
  contenu_certificat: optionalPem(m.certificateRequired),
  contenu_cle_privee: optionalPem(m.privateKeyRequired),
  date_expiration: optionalExpiry,
});
export type UpdateCertificateInput = z.infer<typeof updateCertificateSchema>;

/** POST /certificates/{id}/renew: an optional body to change the contact or the test mode. */
export const renewCertificateSchema = z.nullish(
  z.object({
    email: z.optional(z.pipe(z.transform(blankToUndefined), z.optional(emailField))),
    staging: z.optional(z.boolean()),
  }),
);
export type RenewCertificateInput = z.infer<typeof renewCertificateSchema>;

/** POST /certificates/{id}/validate: optionally against another domain than the certificate's. */
export const validateCertificateSchema = z.nullish(z.object({ nom_domaine: optionalDomainField }));
export type ValidateCertificateInput = z.infer<typeof validateCertificateSchema>;
