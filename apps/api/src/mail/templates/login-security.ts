import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

/** The code a login needs after repeated failures on the account (mailed to its owner). */
export function loginCodeMail(opts: { to: string; prenom: string; code: string; address: string }) {
  return renderWords(mailTexts.loginCode(opts.prenom, opts.address), opts);
}

/** Tells the owner that someone is failing to log into their account. */
export function loginAlertMail(opts: {
  to: string;
  prenom: string;
  failures: number;
  resetUrl: string;
}) {
  return renderWords(mailTexts.loginAlert(opts.prenom, opts.failures), {
    to: opts.to,
    url: opts.resetUrl,
  });
}

/** Registration with an address that already has an account: the owner is told, not the caller. */
export function registrationExistsMail(opts: { to: string; prenom: string; loginUrl: string }) {
  return renderWords(mailTexts.registrationExists(opts.prenom), {
    to: opts.to,
    url: opts.loginUrl,
  });
}

/** Tells the owner that their account was opened from a device it never used before. */
export function newDeviceMail(opts: {
  to: string;
  prenom: string;
  device: string;
  address: string;
  when: string;
  sessionsUrl: string;
}) {
  return renderWords(mailTexts.newDevice(opts.prenom, opts.device, opts.address, opts.when), {
    to: opts.to,
    url: opts.sessionsUrl,
  });
}
