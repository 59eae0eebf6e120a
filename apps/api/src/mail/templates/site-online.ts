import { mailTexts } from '@nuage/shared/messages/mail';
import { renderWords } from '../layout';

/** To whoever deployed it: the application is online for the first time (once, never again). */
export function siteOnlineMail(
  opts: Parameters<typeof mailTexts.siteOnline>[0] & { to: string; pageUrl: string },
) {
  return renderWords(mailTexts.siteOnline(opts), { to: opts.to, url: opts.pageUrl });
}
