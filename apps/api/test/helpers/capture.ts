import { Writable } from 'node:stream';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';

/** Keeps every mail the app sends; can be told to fail, like an SMTP server that is down. */
export class CapturingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  failNext = 0;

  async send(mail: OutgoingMail) {
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('SMTP connection refused (simulated)');
    }
    this.sent.push(mail);
  }

  close() {}

  lastTo(email: string): OutgoingMail | undefined {
    return [...this.sent].reverse().find((m) => m.to === email);
  }

  /** The 6-digit code of the last verification mail sent to `email`. */
  codeFor(email: string): string {
    const match = /Votre code : (\d{6})/.exec(this.lastTo(email)?.text ?? '');
    if (!match) throw new Error(`no verification code mailed to ${email}`);
    return match[1]!;
  }

  /** The first http(s) link in the last mail sent to `email`. */
  linkFor(email: string): URL {
    const match = /https?:\/\/\S+/.exec(this.lastTo(email)?.text ?? '');
    if (!match) throw new Error(`no link mailed to ${email}`);
    return new URL(match[0]);
  }
}

/** Collects every log line the app writes, to search them for secrets. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }

  get text() {
    return this.lines.join('\n');
  }
}
