import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  file: string;
}

/** Every mail the server wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<ReceivedMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir)).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => {
      const file = path.join(outboxDir, f);
      const parsed = await simpleParser(await readFile(file));
      const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
      return {
        to: to ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html || '',
        file,
      };
    }),
  );
}

/** Waits for the newest mail to `email` whose subject matches, then returns it. */
export async function waitForMail(
  outboxDir: string,
  email: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(outboxDir)).filter(
      (m) => m.to.includes(email) && subject.test(m.subject),
    );
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const codeIn = (mail: ReceivedMail) => /Votre code : (\d{6})/.exec(mail.text)?.[1] ?? '';
export const linkIn = (mail: ReceivedMail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
