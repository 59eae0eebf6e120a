import { PRODUCT_NAME } from '@nuage/shared/product';
import { renderMail } from '../layout';

/** To each admin of the project: a backup, restore or test restore failed. */
export function backupFailureMail(opts: {
  to: string;
  what: 'sauvegarde' | 'restauration' | 'restauration de test';
  applicationName: string;
  projectName: string;
  reason: string;
  localCopyKept: boolean;
  url: string;
}) {
  return renderMail({
    to: opts.to,
    subject: `Échec de la ${opts.what} de « ${opts.applicationName} » (${opts.projectName})`,
    greeting: 'Bonjour,',
    paragraphs: [
      `La ${opts.what} de l'application « ${opts.applicationName} » du projet « ${opts.projectName} » a échoué : ${opts.reason}`,
      ...(opts.localCopyKept
        ? [
            "Une copie locale de la sauvegarde a été conservée sur le serveur de la plateforme, mais elle n'a pas pu être envoyée vers le stockage S3 : cette sauvegarde est comptée comme échouée.",
          ]
        : []),
      "Vérifiez la configuration, puis relancez l'opération depuis la page de l'application.",
    ],
    action: { label: "Ouvrir l'application", url: opts.url },
    footnote: `Message envoyé aux administrateurs du projet par ${PRODUCT_NAME}.`,
  });
}
