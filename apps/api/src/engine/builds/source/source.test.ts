import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startGitServer,
  type GitServer,
} from '../../../../../../e2e/support/git-server/git-server';
import { repositoryTexts } from '@nuage/shared/repository-texts';
import { SourceError } from '../builder';
import { checkoutCommit } from './checkout';
import { resolveCommit } from './resolve-commit';

const TOKEN = 'ghp_secretTokenValue123';
const allow = { allowPrivateHosts: true };
let open: GitServer;
let priv: GitServer;
let head: string;

beforeAll(async () => {
  open = await startGitServer();
  priv = await startGitServer({ token: TOKEN });
  head = open.createRepository('app', { 'index.js': 'console.log(1)\n' });
  priv.createRepository('secret', { 'README.md': 'privé\n' }, 'develop');
});
afterAll(async () => {
  await open?.close();
  await priv?.close();
});

async function sourceError(promise: Promise<unknown>): Promise<SourceError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceError);
  return err as SourceError;
}

describe('resolveCommit (smart HTTP ref discovery)', () => {
  it("gives the branch's head", async () => {
    const got = await resolveCommit({ repositoryUrl: open.url('app'), branch: 'main' }, allow);
    expect(got.sha).toBe(head);
  });

  it('follows a new commit', async () => {
    const next = open.commit('app', { 'index.js': 'console.log(2)\n' });
    expect(
      (await resolveCommit({ repositoryUrl: open.url('app'), branch: 'main' }, allow)).sha,
    ).toBe(next);
  });

  it('reads a private repository with its token, sent as HTTP Basic', async () => {
    const got = await resolveCommit(
      { repositoryUrl: priv.url('secret'), branch: 'develop', token: TOKEN },
      allow,
    );
    expect(got.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(priv.requests.at(-1)?.authorized).toBe(true);
  });

  it('says in French that a branch is missing', async () => {
    const err = await sourceError(
      resolveCommit({ repositoryUrl: open.url('app'), branch: 'prod' }, allow),
    );
    expect(err.code).toBe('branch');
    expect(err.message).toBe(`La branche « prod » n'existe pas dans le dépôt ${open.url('app')}.`);
  });

  it('says in French that the token is wrong, and never shows it', async () => {
    const wrong = 'ghp_wrongTokenValue999';
    const err = await sourceError(
      resolveCommit({ repositoryUrl: priv.url('secret'), branch: 'develop', token: wrong }, allow),
    );
    expect(err.code).toBe('auth');
    expect(err.message).toBe(
      `Accès refusé au dépôt ${priv.url('secret')} : vérifiez le token Git.`,
    );
    expect(err.message).not.toContain(wrong);
    const noToken = await sourceError(
      resolveCommit({ repositoryUrl: priv.url('secret'), branch: 'develop' }, allow),
    );
    expect(noToken.code).toBe('auth');
    expect(noToken.message).toBe(
      `Accès refusé au dépôt ${priv.url('secret')} : dépôt privé ou introuvable, un token Git est nécessaire pour un dépôt privé.`,
    );
  });

  it('says in French that a repository is unreachable, in one text whatever the reason', async () => {
    const err = await sourceError(
      resolveCommit({ repositoryUrl: 'http://127.0.0.1:9/nothing.git', branch: 'main' }, allow),
    );
    expect(err.code).toBe('unreachable');
    expect(err.message).toBe(repositoryTexts.unreachable('http://127.0.0.1:9/nothing.git', false));
    // The reason stays for the operator's log.
    expect((err.cause as { code?: string }).code).toBe('ECONNREFUSED');
    const missing = await sourceError(
      resolveCommit({ repositoryUrl: open.url('absent'), branch: 'main' }, allow),
    );
    expect(missing.code).toBe('unreachable');
    expect(missing.message).toMatch(/^Le dépôt .* est injoignable : dépôt introuvable/);
  });

  it('refuses plain http, credentials in the URL and private addresses unless allowed', async () => {
    const strict = { allowPrivateHosts: false };
    const http = await sourceError(
      resolveCommit({ repositoryUrl: open.url('app'), branch: 'main' }, strict),
    );
    expect(http.code).toBe('invalid-url');
    expect(http.message).toContain('seules les adresses https:// sont acceptées');
    const loop = await sourceError(
      resolveCommit({ repositoryUrl: 'https://127.0.0.1/x.git', branch: 'main' }, strict),
    );
    expect(loop.message).toBe(repositoryTexts.unreachable('https://127.0.0.1/x.git', true));
    const creds = await sourceError(
      resolveCommit({ repositoryUrl: 'https://user:pw@example.com/x.git', branch: 'main' }, strict),
    );
    expect(creds.message).not.toContain('pw');
    expect(
      (await sourceError(resolveCommit({ repositoryUrl: 'pas une url', branch: 'main' }, strict)))
        .code,
    ).toBe('invalid-url');
  });
});

describe('a Git server with a company certificate (TLS_EXTRA_CA_FILE)', () => {
  it('is refused with an unknown authority, read once the authority is trusted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ndtest-ca-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=git.test',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const secure = await startGitServer({
      tls: {
        key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
        cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      },
    });
    try {
      const sha = secure.createRepository('tls', { 'a.txt': 'chiffré\n' });
      const source = { repositoryUrl: secure.url('tls'), branch: 'main' };
      const unknown = await sourceError(resolveCommit(source, allow));
      expect(unknown.message).toBe(repositoryTexts.unreachable(secure.url('tls'), false));
      expect((unknown.cause as { code?: string }).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      const trusted = { ...allow, extraCaFile: path.join(dir, 'cert.pem') };
      expect((await resolveCommit(source, trusted)).sha).toBe(sha);
      const co = await checkoutCommit({ ...source, commitSha: sha }, trusted);
      try {
        expect(await readFile(path.join(co.dir, 'a.txt'), 'utf8')).toBe('chiffré\n');
      } finally {
        await co.dispose();
      }
    } finally {
      await secure.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('checkoutCommit (git CLI, token out of argv)', () => {
  it('checks out exactly the commit asked, an older one too', async () => {
    const first = open.createRepository('history', { 'v.txt': 'un\n' });
    open.commit('history', { 'v.txt': 'deux\n' }, 'Deuxième version');
    const co = await checkoutCommit(
      { repositoryUrl: open.url('history'), branch: 'main', commitSha: first },
      allow,
    );
    try {
      expect(await readFile(path.join(co.dir, 'v.txt'), 'utf8')).toBe('un\n');
      expect(co.commitMessage).toBe('Premier commit');
    } finally {
      await co.dispose();
    }
  });

  it('checks out a private repository with the token', async () => {
    const sha = (
      await resolveCommit(
        { repositoryUrl: priv.url('secret'), branch: 'develop', token: TOKEN },
        allow,
      )
    ).sha;
    const co = await checkoutCommit(
      { repositoryUrl: priv.url('secret'), branch: 'develop', commitSha: sha, token: TOKEN },
      allow,
    );
    try {
      expect(await readFile(path.join(co.dir, 'README.md'), 'utf8')).toBe('privé\n');
    } finally {
      await co.dispose();
    }
  });

  it('never puts the token on a git command line (argv recorded by a wrapper)', async () => {
    const bin = mkdtempSync(path.join(tmpdir(), 'ndtest-gitwrap-'));
    const record = path.join(bin, 'argv.log');
    const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(
      path.join(bin, 'git'),
      `#!/bin/sh\necho "$@" >> ${record}\nexec ${realGit} "$@"\n`,
      { mode: 0o755 },
    );
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}:${savedPath}`;
    try {
      const sha = (
        await resolveCommit(
          { repositoryUrl: priv.url('secret'), branch: 'develop', token: TOKEN },
          allow,
        )
      ).sha;
      const co = await checkoutCommit(
        { repositoryUrl: priv.url('secret'), branch: 'develop', commitSha: sha, token: TOKEN },
        allow,
      );
      await co.dispose();
      const argv = readFileSync(record, 'utf8');
      expect(argv).toContain(`fetch --depth 1 --no-tags -q origin ${sha}`);
      expect(argv).not.toContain(TOKEN);
      expect(argv).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
    } finally {
      process.env.PATH = savedPath;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('clones nothing from the platform’s own network at build time, whatever the spelling (token or not)', async () => {
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as AddressInfo).port;
    try {
      for (const host of [
        '[::ffff:127.0.0.1]',
        '[::ffff:7f00:1]',
        '[0:0:0:0:0:ffff:127.0.0.1]',
        '[::127.0.0.1]',
        '2130706433',
        'localhost',
      ])
        for (const token of [undefined, TOKEN]) {
          const url = `https://${host}:${port}/depot.git`;
          const err = await sourceError(
            checkoutCommit(
              { repositoryUrl: url, branch: 'main', commitSha: 'a'.repeat(40), token },
              { allowPrivateHosts: false },
            ),
          );
          expect(err.message, url).toBe(
            repositoryTexts.unreachable(new URL(url).href.replace(/\/$/, ''), true),
          );
        }
      expect(connections).toBe(0);
    } finally {
      listener.close();
    }
  });

  it('refuses a commit id or branch that could be read as an option', async () => {
    const err = await sourceError(
      checkoutCommit(
        { repositoryUrl: open.url('app'), branch: 'main', commitSha: '--upload-pack=touch /tmp/x' },
        allow,
      ),
    );
    expect(err.code).toBe('branch');
    const branch = await sourceError(
      checkoutCommit(
        { repositoryUrl: open.url('app'), branch: '-x', commitSha: 'a'.repeat(40) },
        allow,
      ),
    );
    expect(branch.code).toBe('branch');
  });

  it('fails in French with a wrong token, the token nowhere in the message', async () => {
    const sha = (
      await resolveCommit(
        { repositoryUrl: priv.url('secret'), branch: 'develop', token: TOKEN },
        allow,
      )
    ).sha;
    const err = await sourceError(
      checkoutCommit(
        {
          repositoryUrl: priv.url('secret'),
          branch: 'develop',
          commitSha: sha,
          token: 'nope-token',
        },
        allow,
      ),
    );
    expect(err.code).toBe('auth');
    expect(err.message).toBe(
      `Accès refusé au dépôt ${priv.url('secret')} : vérifiez le token Git.`,
    );
  });
});
