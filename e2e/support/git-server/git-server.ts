import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Test Git repositories served over the real smart HTTP protocol: bare repositories behind
 * `git http-backend` (the CGI program Git ships), run by a small Node HTTP server on loopback.
 * With a token, every request must carry it as HTTP Basic password (any user name), as GitHub,
 * GitLab and Gitea accept tokens; otherwise the answer is 401, as theirs.
 */
export interface GitServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Creates (or replaces) bare repository `<name>.git` with one commit of `files` on `branch`. */
  createRepository(name: string, files: Record<string, string>, branch?: string): string;
  /** Adds a commit on `branch` with these files changed (others kept); returns the new sha. */
  commit(name: string, files: Record<string, string>, message?: string, branch?: string): string;
  /** URL of a repository. */
  url(name: string): string;
  /** Requests seen (method, path, whether the token matched) — tests check what was sent. */
  requests: { method: string; path: string; authorized: boolean }[];
  close(): Promise<void>;
}

const GIT_IDENTITY = {
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.test',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.test',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
};

export async function startGitServer(
  opts: {
    token?: string;
    /** Serve HTTPS with this certificate (PEM) instead of HTTP. */
    tls?: { key: string; cert: string };
  } = {},
): Promise<GitServer> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ndtest-git-'));
  const repos = path.join(root, 'repos');
  mkdirSync(repos);
  const requests: GitServer['requests'] = [];

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const auth = req.headers.authorization ?? '';
    const password = auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':').slice(1).join(':')
      : '';
    const authorized = !opts.token || password === opts.token;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, authorized });
    if (!authorized) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="test"' }).end('Unauthorized');
      return;
    }
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...GIT_IDENTITY,
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: repos,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        ...(req.headers['content-encoding']
          ? { HTTP_CONTENT_ENCODING: String(req.headers['content-encoding']) }
          : {}),
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_USER: 'test',
        REMOTE_ADDR: '127.0.0.1',
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headerDone = false;
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (headerDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      headerDone = true;
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of head.subarray(0, end).toString('latin1').split('\r\n')) {
        const i = line.indexOf(':');
        const key = line.slice(0, i).trim();
        const value = line.slice(i + 1).trim();
        if (key.toLowerCase() === 'status') status = parseInt(value, 10);
        else headers[key] = value;
      }
      res.writeHead(status, headers);
      res.write(head.subarray(end + 4));
    });
    cgi.on('close', () => res.end());
  };
  const server = opts.tls ? https.createServer(opts.tls, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, {
      cwd,
      env: { ...process.env, ...GIT_IDENTITY },
      encoding: 'utf8',
    }).trim();

  const workTree = (name: string) => path.join(root, 'work', name);
  const write = (dir: string, files: Record<string, string>) => {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
  };

  return {
    baseUrl,
    requests,
    url: (name) => `${baseUrl}/${name}.git`,
    createRepository(name, files, branch = 'main') {
      const bare = path.join(repos, `${name}.git`);
      rmSync(bare, { recursive: true, force: true });
      rmSync(workTree(name), { recursive: true, force: true });
      mkdirSync(bare, { recursive: true });
      git(bare, 'init', '-q', '--bare', '-b', branch);
      git(bare, 'config', 'uploadpack.allowReachableSHA1InWant', 'true');
      mkdirSync(workTree(name), { recursive: true });
      git(workTree(name), 'init', '-q', '-b', branch);
      git(workTree(name), 'remote', 'add', 'origin', bare);
      write(workTree(name), files);
      git(workTree(name), 'add', '-A');
      git(workTree(name), 'commit', '-q', '-m', 'Premier commit');
      git(workTree(name), 'push', '-q', 'origin', branch);
      return git(workTree(name), 'rev-parse', 'HEAD');
    },
    commit(name, files, message = 'Modification', branch = 'main') {
      const dir = workTree(name);
      git(dir, 'checkout', '-q', '-B', branch);
      write(dir, files);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-q', '-m', message);
      git(dir, 'push', '-q', '-f', 'origin', branch);
      return git(dir, 'rev-parse', 'HEAD');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
