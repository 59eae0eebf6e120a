/** Texts and record names of the DNS help; its response shapes are in schemas/responses/dns.ts. */
export type {
  DnsCheckStatus,
  DnsHelp,
  DnsRecord,
  DomainOwnership,
  DomainProof,
} from './schemas/responses/dns';

/**
 * How long a claimed custom domain waits for its owner's proof of control. A pending claim
 * reserves nothing (whoever proves control first gets the name), and past this delay it is
 * withdrawn from the application, so names are not hoarded by claims nobody proves.
 */
export const DOMAIN_CLAIM_PENDING_DAYS = 7;

/** What the last check of a pending claim found (the explicit one or the platform's own). */
export type DomainCheckResult = 'txt_missing' | 'txt_wrong';

export const dnsTexts = {
  title: 'Configuration DNS',
  intro: (domain: string) =>
    `Pour que ${domain} mène à votre application, créez l'un de ces enregistrements chez votre fournisseur de domaine :`,
  introOne: (domain: string) =>
    `Pour que ${domain} mène à votre application, créez cet enregistrement chez votre fournisseur de domaine :`,
  /**
   * No record to offer yet (the platform's public address is not set): what the customer can
   * do meanwhile; its operators are told what to set in their own banner.
   */
  introNoRecord: (domain: string) =>
    `La plateforme n'indique pas encore l'adresse vers laquelle faire pointer ${domain} : l'enregistrement à créer apparaîtra ici dès que son administrateur l'aura configurée. En attendant, votre application reste joignable à son adresse générée, et vous pouvez déjà prouver que le domaine vous appartient.`,
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
    "Rien à vérifier pour le moment : la plateforme n'a pas encore d'adresse publique vers laquelle faire pointer votre domaine. Son administrateur en est averti ; revenez vérifier une fois l'enregistrement affiché ici.",
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

/** The TXT record's name and value: what the owner of `domain` publishes to prove control. */
export const VERIFICATION_LABEL = '_nuage-verification';
export const verificationRecordName = (domain: string) => `${VERIFICATION_LABEL}.${domain}`;
export const verificationRecordValue = (token: string) => `nuage-verification=${token}`;

/** The texts of the custom domain's proof of control (issue 24). */
export const domainOwnershipTexts = {
  title: 'Propriété du domaine',
  verified: 'Domaine vérifié',
  pending: 'En attente de vérification',
  verifiedBy: {
    cname: (domain: string) =>
      `${domain} est rattaché à votre application : son alias (CNAME) vers l'adresse de l'application le prouve.`,
    txt: (domain: string) =>
      `${domain} est rattaché à votre application : l'enregistrement TXT de vérification le prouve.`,
    existing: (domain: string) =>
      `${domain} était déjà rattaché à votre application avant la vérification des domaines.`,
  },
  justVerified: (domain: string) =>
    `${domain} est vérifié : la plateforme le met en service (route et certificat HTTPS) dans quelques instants.`,
  pendingIntro: (domain: string) =>
    `La plateforme ne sert ${domain} (ni route, ni certificat HTTPS) qu'une fois prouvé qu'il vous appartient. Créez cet enregistrement TXT chez votre fournisseur de domaine, puis cliquez sur « Vérifier le DNS » :`,
  /** Members who may not verify (role « utilisateur ») read the same card without the button. */
  pendingIntroReader: (domain: string) =>
    `La plateforme ne sert ${domain} (ni route, ni certificat HTTPS) qu'une fois prouvé qu'il vous appartient. Le propriétaire du domaine crée cet enregistrement TXT chez son fournisseur de domaine :`,
  /** `until` is already formatted (fr-FR date and time). */
  pendingUntil: (until: string) =>
    `Demande en attente de preuve jusqu'au ${until} : sans preuve d'ici là, le domaine est retiré de l'application. La plateforme vérifie aussi d'elle-même, régulièrement, tant que la demande est en attente.`,
  notCheckedYet: "Pas encore vérifié : créez l'enregistrement, puis vérifiez.",
  lastChecked: (at: string) => `Dernière vérification : ${at}.`,
  cnameAlsoProves: (host: string) => `Un alias (CNAME) du domaine vers ${host} le prouve aussi.`,
  sharedAddress:
    "Un enregistrement A vers l'adresse de la plateforme ne le prouve pas : cette adresse est partagée par toutes les applications.",
  txtMissing: (name: string) =>
    `Aucun enregistrement TXT ${name} pour le moment : créez-le (la propagation peut prendre jusqu'à quelques heures).`,
  txtWrong: (name: string) =>
    `L'enregistrement TXT ${name} ne contient pas le jeton de cette application : copiez exactement la valeur indiquée.`,
  txtUnavailable:
    "La recherche de l'enregistrement TXT a échoué : réessayez dans quelques instants.",
  verifiedEvent: (domain: string) => `Nom de domaine ${domain} vérifié : mise en service`,
  /**
   * The event of an application whose pending claim lost the name: the name's owner proved
   * control for another application (never said which, nor whose).
   */
  releasedByProofEvent: (domain: string) =>
    `Nom de domaine ${domain} retiré : son propriétaire a prouvé qu'il le contrôle pour une autre application de la plateforme. Une demande en attente de preuve ne réserve pas un nom.`,
  expiredEvent: (domain: string) =>
    `Nom de domaine ${domain} retiré : aucune preuve de contrôle n'a été apportée en ${DOMAIN_CLAIM_PENDING_DAYS} jours. Saisissez-le à nouveau pour relancer la vérification.`,
  /** The answer of « Vérifier le DNS » for a claim past its delay (withdrawn by that check). */
  expired: (domain: string) =>
    `La demande pour ${domain} a expiré (${DOMAIN_CLAIM_PENDING_DAYS} jours sans preuve de contrôle) : le domaine a été retiré de l'application. Saisissez-le à nouveau pour relancer la vérification.`,
  /** Another application proved control of the name first. */
  lost: (domain: string) =>
    `${domain} a été vérifié pour une autre application de la plateforme : le domaine a été retiré de celle-ci.`,
  copyTxt: 'Copier la valeur TXT',
  copyTxtName: 'Copier le nom TXT',
  /**
   * Under the wizard's domain field once a domain is typed (issue 33 item 7): the two records the
   * customer will create at their DNS provider, or, while the platform has no public address,
   * that the domain can wait.
   */
  wizardStepsTitle: 'Chez votre fournisseur de domaine, après le déploiement',
  wizardSteps: [
    'un enregistrement TXT qui prouve que le domaine vous appartient ;',
    'un enregistrement CNAME (ou A) qui mène le domaine à votre application.',
  ],
  wizardStepsWhere:
    'La page de l’application affiche les valeurs exactes à copier et un bouton « Vérifier le DNS ».',
  wizardNoAddress:
    'La plateforme n’indique pas encore l’adresse vers laquelle faire pointer un domaine : déployez sans domaine (une adresse est générée), vous pourrez l’ajouter plus tard depuis la page de l’application (« Modifier »).',
  /** Beside the domain field of the wizard and of the edit form. */
  formHint:
    "Il est servi une fois prouvé qu'il vous appartient : la page de l'application indique l'enregistrement DNS à créer.",
} as const;
