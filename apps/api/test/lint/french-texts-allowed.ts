/**
 * French literals of apps/api/src that stay where they are (french-texts.test.ts skips them),
 * each with why: operators' bilingual startup errors, code that runs where it can import
 * nothing, shell, test data, values of a type. `file` absent: in any file; `text` is the
 * literal's beginning.
 */
export const notUserFacing: { file?: string; text: string }[] = [
  // What the request log writes instead of a secret: read by operators in the logs.
  { file: 'src/http/logging.ts', text: '[masqué]' },
  // Startup errors of the settings, for the operator's shell: written in French and English.
  { file: 'src/config-env.ts', text: 'NETWORK_GUARD_CHAINS doit' },
  { file: 'src/config-env.ts', text: 'EGRESS_ALLOW_CIDRS doit' },
  // The refused start of a platform pinned to another runtime: in French and English, for the
  // operator's shell.
  { file: 'src/startup/runtime-pin.ts', text: 'Démarrage refusé' },
  { file: 'src/startup/runtime-pin.ts', text: 'Les applications ne changent' },
  { file: 'src/startup/runtime-pin.ts', text: 'Pour migrer vers' },
  // A comment inside the secrets loader script (unchanged: the script is part of what the
  // containers are keyed on), and `du` (disk usage) in a shell script.
  { file: 'src/engine/drivers/docker/secret-loader.ts', text: ' puis lance la commande' },
  { file: 'src/engine/builds/kubernetes/kaniko-checkout.ts', text: 'used=$(du -sk' },
  // The build egress proxy runs in its own container from its function's source (toString()):
  // it can import nothing, so its two answers stay in it.
  { file: 'src/engine/builds/egress/egress-proxy.ts', text: 'destination refusée' },
  { file: 'src/engine/builds/egress/egress-proxy.ts', text: 'requête de proxy invalide' },
  // A value of previewDatabaseModes (packages/shared/src/schemas/previews.ts), the column's and
  // the code's.
  { file: 'src/db/schema/previews.ts', text: 'aucune' },
  { file: 'src/modules/previews/preview-databases.ts', text: 'aucune' },
  // CertificateStatus values (packages/shared/src/certificate-types.ts), compared by the code.
  { text: 'Expiré' },
  { text: 'Échec' },
];
