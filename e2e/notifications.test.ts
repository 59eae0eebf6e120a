import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newAccount, signInContext } from './helpers/accounts';
import { apiClient, loginToken, type ApiCall } from './helpers/api';
import {
  launchBrowser,
  newContext,
  screenshot,
  screenshotsDir,
  toastTexts,
} from './helpers/browser';
import { startServer, type RunningServer } from './helpers/server';

/**
 * The project's « Notifications » screen and the bell, in a real browser on the built app: an
 * admin adds a Slack channel through the form, « Tester » reaches a local receiver standing for
 * Slack, the list shows the channel; a member's role change rings the bell of the project's
 * members. Screens in both themes, desktop and 390 px phone.
 */
describe('notifications screens', () => {
  let server: RunningServer;
  let browser: Browser;
  let receiver: Server;
  let receiverUrl: string;
  const received: { contentType: string; body: Record<string, unknown> }[] = [];
  let call: ApiCall;
  let token: string;
  let projectId: string;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          contentType: String(req.headers['content-type']),
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
        });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    server = await startServer({ NOTIFY_ALLOW_PRIVATE_TARGETS: 'true' });
    browser = await launchBrowser();
    const admin = await createAccount(server, newAccount({ prenom: 'Aminata' }));
    token = await loginToken(server, admin);
    call = apiClient(server, token);
    const project = await call<{ id: string }>('POST', '/projects', {
      nom: 'Boutique Dakar',
      description: 'Vente en ligne',
      quota_cpu: 4,
      quota_ram: 8,
      quota_stockage: 50,
    });
    expect(project.status).toBe(201);
    projectId = project.body.id;
    await call('POST', `/environments/${projectId}/environments`, {
      nom: 'Production',
      type: 'prod',
    });
    await call('POST', `/environments/${projectId}/environments`, {
      nom: 'Recette',
      type: 'staging',
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    receiver?.close();
    // The screens a human looks at, kept outside the repository too.
    const out = path.join('/work/notes/screens/notify');
    await mkdir(out, { recursive: true });
    await cp(screenshotsDir, out, {
      recursive: true,
      filter: (f) => !f.endsWith('.png') || path.basename(f).startsWith('notifications-'),
    });
  });

  async function page(theme: 'light' | 'dark', width: number): Promise<Page> {
    const context = await newContext(browser, server.url, {
      colorScheme: theme,
      width,
      height: 900,
    });
    await signInContext(context, server.url, token);
    return context.newPage();
  }

  it('adds a Slack channel through the form, tests it, and lists it', async () => {
    const p = await page('light', 1280);
    await p.goto(`/projects/${projectId}/notifications`);
    await p.getByRole('button', { name: 'Ajouter un canal' }).click();
    await p.getByLabel('Nom').fill('Alertes équipe');
    await p.getByLabel('Adresse du webhook').fill(`${receiverUrl}/services/T/B/secret`);
    await p.getByLabel('Production (prod)').check();
    await screenshot(p, 'notifications-form-light-1280');
    await p.getByRole('button', { name: 'Ajouter le canal' }).click();
    await expect.poll(() => p.getByText('Alertes équipe').count()).toBe(1);
    await p.getByRole('button', { name: 'Tester' }).click();
    await expect.poll(() => toastTexts(p)).toContain('Message de test envoyé');
    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toBe('application/json; charset=utf-8');
    expect(String(received[0]!.body.text)).toContain('Message de test : Alertes équipe');
    // The secret part of the address is never shown back.
    expect(await p.content()).not.toContain('/services/T/B/secret');
    await screenshot(p, 'notifications-list-light-1280');
    await p.getByRole('button', { name: 'Journal' }).click();
    await expect.poll(() => p.getByText('Envoyé', { exact: true }).count()).toBe(1);
    await screenshot(p, 'notifications-log-light-1280');
    await p.context().close();
  });

  it('rings the bell with the unread notification, linking to the project', async () => {
    const member = await createAccount(server, newAccount({ prenom: 'Ousmane', nom: 'Sow' }));
    const invited = await call('POST', `/projects/${projectId}/members`, {
      email_utilisateur_invite: member.email,
      role_projet: 'developer',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    // The admin has the app open; the bell says how many are unread now.
    const p = await page('dark', 1280);
    await p.goto('/dashboard');
    const bellLabel = () =>
      p.locator('header button[aria-label^="Notifications"]').first().getAttribute('aria-label');
    await expect.poll(bellLabel).toMatch(/^Notifications/);
    const before = Number(/\((\d+) non lues\)/.exec((await bellLabel()) ?? '')?.[1] ?? 0);
    // The member accepts: the bell of the page already open learns of it, with no reload.
    const asMember = apiClient(server, await loginToken(server, member));
    const pending = await asMember<{ id: string }[]>('GET', '/invitations/pending');
    expect(
      (await asMember('POST', `/invitations/pending/${pending.body[0]!.id}/accept`)).status,
    ).toBe(200);
    await expect
      .poll(bellLabel, { timeout: 45_000, interval: 1000 })
      .toBe(`Notifications (${before + 1} non lues)`);
    const bell = p.getByRole('button', { name: /Notifications \(\d+ non lues\)/ });
    await bell.click();
    await expect.poll(() => p.getByText('Nouveau membre : Ousmane Sow').count()).toBe(1);
    await screenshot(p, 'notifications-bell-dark-1280');
    await p.context().close();
  });

  it('looks right in both themes on a phone, and on /profile', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const p = await page(theme, 390);
      await p.goto(`/projects/${projectId}/notifications`);
      // expect.poll's own second is short for a cold page on a busy machine.
      await expect.poll(() => p.getByText('Alertes équipe').count(), { timeout: 15_000 }).toBe(1);
      const overflow = await p.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth,
      );
      expect(overflow).toBe(false);
      await screenshot(p, `notifications-list-${theme}-390`);
      await p.getByRole('button', { name: 'Modifier Alertes équipe' }).click();
      await screenshot(p, `notifications-form-${theme}-390`);
      await p.goto('/profile');
      await expect
        .poll(() => p.getByText('Notifications par e-mail').count(), { timeout: 15_000 })
        .toBe(1);
      await screenshot(p, `notifications-profile-${theme}-390`);
      await p.context().close();
    }
  });
});
