// A verified account and authenticated calls, through the API as a user would (the code is
// read from the mail the server writes to DATA_DIR/outbox).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { sleep } from './server.mjs';

/** `fetch` on /api/v1 with JSON in and out; a non-2xx answer throws with its body. */
export function client(baseUrl, token) {
  return async function call(method, route, body) {
    const res = await fetch(`${baseUrl}/api/v1${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  };
}

async function verificationCode(outboxDir, email, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(outboxDir).catch(() => []);
    for (const f of files
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()) {
      const mail = await simpleParser(await readFile(path.join(outboxDir, f)));
      const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
      const code = /Votre code : (\d{6})/.exec(mail.text ?? '')?.[1];
      if (to?.includes(email) && code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no verification code mailed to ${email}`);
    await sleep(100);
  }
}

/** Registers, verifies with the mailed code and logs in: returns the bearer token. */
export async function verifiedAccount(server, label = 'bench') {
  const email = `${label}.${Date.now().toString(36)}@exemple.sn`;
  const password = 'Secret2024';
  const anonymous = client(server.url);
  await anonymous('POST', '/auth/register', {
    nom: 'Diop',
    prenom: 'Awa',
    email,
    mot_de_passe: password,
  });
  const token = await verificationCode(server.outboxDir, email);
  await anonymous('POST', '/auth/verify-account', { email, token });
  const login = await anonymous('POST', '/auth/login', { email, mot_de_passe: password });
  const accessToken = String(login.access_token);
  // The benchmarks create up to 20 projects: beyond Découverte's 2 and Pro's 10.
  await client(server.url, accessToken)('PUT', '/billing/plan', { plan: 'enterprise' });
  return { email, token: accessToken };
}

/** A project with these quotas and `count` environments, each polled until 'active'. */
export async function projectWithEnvironments(call, { nom, quotas, count = 1, type = 'prod' }) {
  const project = await call('POST', '/projects/', { nom, ...quotas });
  const environments = [];
  for (let i = 0; i < count; i++) {
    environments.push(
      await call('POST', `/environments/${project.id}/environments`, {
        nom: `${nom} ${i + 1}`,
        type,
      }),
    );
  }
  for (const env of environments) {
    const deadline = Date.now() + 60_000;
    while ((await call('GET', `/environments/${env.id}/status`)).status !== 'active') {
      if (Date.now() > deadline) throw new Error(`environment ${env.id} not active after 60 s`);
      await sleep(100);
    }
  }
  return { project, environments };
}
