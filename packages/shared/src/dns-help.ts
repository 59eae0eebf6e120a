/**
 * The DNS help of an application with a custom domain (issue 16): the record the customer
 * creates at their registrar, and what the platform's lookup found.
 */
export interface DnsRecord {
  type: 'A' | 'AAAA' | 'CNAME';
  nom: string;
  valeur: string;
}

export type DnsCheckStatus =
  'correct' | 'incorrect' | 'introuvable' | 'non_configure' | 'indisponible';

export interface DnsHelp {
  domaine: string;
  /** Records that make the domain reach the application (any one of them is enough). */
  enregistrements: DnsRecord[];
  verification: {
    statut: DnsCheckStatus;
    message: string;
    /** What the lookup found: addresses and, when there is one, the CNAME target. */
    trouve: { adresses: string[]; cname: string | null };
    verifie_le: string;
  };
}

export const dnsTexts = {
  title: 'Configuration DNS',
  intro: (domain: string) =>
    `Pour que ${domain} mène à votre application, créez l'un de ces enregistrements chez votre fournisseur de domaine :`,
  check: 'Vérifier le DNS',
  checking: 'Vérification…',
  correct: 'DNS correct',
  incorrect: 'DNS incorrect',
  correctDetail: (domain: string) => `${domain} mène bien à votre application.`,
  notFound: (domain: string) =>
    `${domain} n'existe pas encore dans le DNS : créez l'enregistrement ci-dessus chez votre fournisseur de domaine (la propagation peut prendre jusqu'à quelques heures).`,
  noRecord: (domain: string) =>
    `${domain} existe mais n'a aucun enregistrement A ni CNAME : ajoutez celui indiqué ci-dessus.`,
  wrongCname: (domain: string, found: string, expected: string) =>
    `${domain} est un alias (CNAME) de ${found}, pas de ${expected}.`,
  wrongAddress: (domain: string, found: string, expected: string) =>
    `${domain} pointe vers ${found}, pas vers l'adresse de la plateforme (${expected}).`,
  notConfigured:
    "L'adresse publique de la plateforme n'est pas configurée (PUBLIC_IP ou APPS_DOMAIN) : demandez à l'administrateur de la plateforme quel enregistrement créer.",
  timeout: "Le serveur DNS n'a pas répondu à temps : réessayez dans quelques instants.",
  unavailable: 'La vérification DNS a échoué : réessayez dans quelques instants.',
  noDomain: "Cette application n'a pas de nom de domaine personnalisé.",
  tooMany: 'Trop de vérifications DNS en peu de temps : réessayez dans une minute.',
  apexNote:
    'Un domaine racine (sans sous-domaine) ne peut pas être un CNAME : utilisez l’enregistrement A.',
  recordType: 'Type',
  recordName: 'Nom',
  recordValue: 'Valeur',
} as const;
