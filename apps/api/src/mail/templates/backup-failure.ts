import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

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
  return renderWords(mailTexts.backupFailure(opts), opts);
}
