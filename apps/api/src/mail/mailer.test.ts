import { serverDetails } from '@nuage/shared/messages';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectDetail } from '../../test/helpers/assertions';
import { LogCapture } from '../../test/helpers/capture';
import { uniqueEmail, uniqueIp } from '../../test/helpers/factories';
import { testConfig, testSecrets } from '../../test/helpers/test-app';
import { createTestDatabase } from '../../test/helpers/test-database';
import { buildApp, type App } from '../app';
import type { Config } from '../config';
import { MAIL_FAILED_DETAIL } from '../modules/auth/mail-delivery';
import { createMailer } from './mailer';

interface Received {
  from: string | undefined;
  to: string[];
  parsed: ParsedMail;
}

/** A real SMTP server on a loopback port that keeps what it receives, parsed. */
async function startSmtpServer(opts: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // A local relay without TLS, as a development SMTP server would be.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (opts.reject) {
          callback(Object.assign(new Error('Boîte pleine'), { responseCode: 552 }));
          return;
        }
        const { mailFrom, rcptTo } = session.envelope;
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            received.push({
              from: mailFrom ? mailFrom.address : undefined,
              to: rcptTo.map((r: SMTPServerAddress) => r.address),
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app as main.ts builds it: no mailer given, so the configuration chooses it. */
async function startApp(overrides: Partial<Config>) {
  const config = await testConfig(overrides);
  const database = await createTestDatabase();
  const logs = new LogCapture();
  const app = await buildApp({ config, database, secrets: testSecrets(), logStream: logs });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
    await rm(config.dataDir, { recursive: true, force: true });
  };
  return { app, logs, config, close };
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.map((v) => v.address),
  );

const codeIn = (text: string | undefined) => /Votre code : (\d{6})/.exec(text ?? '')?.[1];

describe('SMTP delivery (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ({ app, close } = await startApp({
      smtpUrl: smtp.url,
      mailFrom: 'NuageDeploy <no-reply@nuagedeploy.test>',
    }));
  });
  afterAll(async () => {
    await close();
    await smtp.close();
  });

  const register = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { nom: 'Sow', prenom: 'Binta', email, mot_de_passe: 'secret-smtp' },
      remoteAddress: uniqueIp(),
    });

  it('sends the verification mail through SMTP; its code verifies the account', async () => {
    const email = uniqueEmail('smtp');
    expect((await register(email)).statusCode).toBe(201);

    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail, 'the SMTP server received the mail').toBeDefined();
    const { parsed } = mail!;
    expect(mail!.from).toBe('no-reply@nuagedeploy.test');
    expect(addressesOf(parsed.to)).toEqual([email]);
    expect(parsed.subject).toBe('Votre code de vérification NuageDeploy');
    expect(parsed.text).toContain('Bonjour Binta,');
    expect(parsed.html).toContain('lang="fr"');

    const code = codeIn(parsed.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(parsed.html).toContain(code);

    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-account',
      payload: { email, token: code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ client_folder_created: true });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, mot_de_passe: 'secret-smtp' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('mails a code only to the registered address, never to a part of it', async () => {
    const email = `awa,intrus.${Date.now()}@exemple.sn`;
    const before = smtp.received.length;
    expect((await register(email)).statusCode).toBe(201);
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toHaveLength(1);
    expect(sent[0]!.to[0]).not.toMatch(/^intrus/);
  });
});

describe('SMTP failures', () => {
  const started: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const s of started.splice(0)) await s.close();
  });

  it('answers a French 503 when the SMTP server refuses the message', async () => {
    const smtp = await startSmtpServer({ reject: true });
    const s = await startApp({ smtpUrl: smtp.url });
    started.push(s);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { nom: 'Sow', prenom: 'Binta', email: uniqueEmail(), mot_de_passe: 'secret-smtp' },
    });
    expectDetail(res, 503, MAIL_FAILED_DETAIL);
    await smtp.close();
  });

  it('answers a French 503 when no SMTP server listens', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const s = await startApp({ smtpUrl: closed.url });
    started.push(s);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-password-reset',
      payload: { email: uniqueEmail() },
    });
    // An unknown e-mail mails nothing: the answer does not depend on SMTP.
    expect(res.json()).toEqual({ message: serverDetails.resetRequested });
    const reg = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { nom: 'Sow', prenom: 'Binta', email: uniqueEmail(), mot_de_passe: 'secret-smtp' },
    });
    expectDetail(reg, 503, MAIL_FAILED_DETAIL);
  });

  it('gives up on a server that never answers instead of hanging', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const config = await testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const mailer = createMailer(config, pino({ level: 'silent' }), {
      connectionTimeout: 500,
      greetingTimeout: 500,
      socketTimeout: 500,
    });
    const started = Date.now();
    await expect(
      mailer.send({ to: 'awa@exemple.sn', subject: 's', text: 't', html: '<p>t</p>' }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    mailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('outbox delivery (no SMTP_URL)', () => {
  let s: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    s = await startApp({ smtpUrl: undefined });
  });
  afterAll(() => s.close());

  it('writes a parseable .eml (text and HTML) in DATA_DIR/outbox and logs where, not the code', async () => {
    const email = uniqueEmail('boite');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { nom: 'Faye', prenom: 'Coumba', email, mot_de_passe: 'secret-outbox' },
    });
    expect(res.statusCode).toBe(201);

    const outbox = path.join(s.config.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(outbox, files[0]!);
    // Only the server's user may read a mail that carries a code.
    expect((await stat(file)).mode & 0o077).toBe(0);

    const parsed = await simpleParser(await readFile(file));
    expect(addressesOf(parsed.to)).toEqual([email]);
    expect(parsed.subject).toBe('Votre code de vérification NuageDeploy');
    expect(parsed.text).toContain('Bonjour Coumba,');
    expect(parsed.html).toContain('lang="fr"');
    const code = codeIn(parsed.text)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(parsed.html).toContain(code);

    const line = s.logs.lines.find((l) => l.includes('outbox'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ file });
    expect(s.logs.text).not.toContain(code);

    const verify = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-account',
      payload: { email, token: code },
    });
    expect(verify.statusCode).toBe(200);
  });
});
