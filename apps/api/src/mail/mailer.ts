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

/** SMTP delivery when SMTP_URL is set, else one .eml file per message in DATA_DIR/outbox. */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(nodemailer.createTransport(config.smtpUrl), config.mailFrom, log)
    : new OutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}

class SmtpMailer implements Mailer {
  constructor(
    private readonly transport: Transporter,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: OutgoingMail) {
    await this.transport.sendMail({ from: this.from, ...mail });
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
    const info = await this.transport.sendMail({ from: this.from, ...mail });
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
