import { serverDetails } from '@nuage/shared/messages';
import type { AppContext } from '../../app-context';
import { unavailable } from '../../lib/errors';
import type { OutgoingMail } from '../../mail/mailer';

export const MAIL_FAILED_DETAIL = serverDetails.mailUnavailable;

/** Sends a mail a use case depends on; a delivery failure becomes a retryable 503. */
export async function deliverOrFail(ctx: AppContext, mail: OutgoingMail): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error(
      { err: { message: (err as Error).message }, to: mail.to, subject: mail.subject },
      'mail delivery failed',
    );
    throw unavailable(MAIL_FAILED_DETAIL);
  }
}
