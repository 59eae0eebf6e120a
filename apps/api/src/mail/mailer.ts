import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** How long an SMTP server may keep a request waiting, in milliseconds. */
export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

/**
 * A stalled SMTP server must not hold a registration for minutes (nodemailer waits up to 2 min
 * to connect and 10 min on a silent socket by default): past these, the caller gets its 503.
 */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** SMTP delivery when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox. */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(
        // Options given in SMTP_URL's query string (e.g. ?socketTimeout=…) still win.
        nodemailer.createTransport({ url: config.smtpUrl, ...timeouts }),
        config.mailFrom,
        log,
      )
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}

/**
 * The message as nodemailer needs it. The recipient is passed as one address object: as a
 * string, nodemailer would parse it as a list, and `awa,autre@exemple.sn` (a valid-looking
 * e-mail) would mail the code to `autre@exemple.sn`.
 */
function envelopeOf(from: string, mail: OutgoingMail) {
  return {
    from,
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

class SmtpMailer implements Mailer {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: OutgoingMail) {
    await this.transport.sendMail(envelopeOf(this.from, mail));
    this.log.info({ to: mail.to, subject: mail.subject }, 'mail sent over SMTP');
  }

  close() {
    this.transport.close();
  }
}

export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(
    readonly directory: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: OutgoingMail) {
    const info = await this.transport.sendMail(envelopeOf(this.from, mail));
    await mkdir(this.directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.directory, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // Where the mail is, never what it says: codes and links stay out of the logs.
    this.log.info(
      { to: mail.to, subject: mail.subject, file },
      'mail written to outbox (no SMTP_URL)',
    );
  }

  close() {}
}
