import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { BuildCancelledError, SourceError, type SourceSpec } from '../builder';
import { directorySize, sourceTooLarge, watchDirectorySize } from '../limits/size-limits';
import { pinnedSource, type PinnedSource } from './pinned-source';
import { authorizationHeader, listRemoteRefs } from './remote-refs';
import { isValidBranchName, unreachableRepository, type SourcePolicy } from './url-policy';
import { sourceTexts } from '@nuage/shared/messages/repository-source';

export interface Checkout {
  dir: string;
  commitSha: string;
  /** First line of the commit's message. */
  commitMessage: string | null;
  /**
   * Where the commit was fetched from, pinned: a second fetch elsewhere (the Kaniko Job's init
   * container) reaches the same checked addresses.
   */
  pinned: PinnedSource;
  /** Removes the working copy (always call it, success or not). */
  dispose(): Promise<void>;
}

export interface CheckoutOptions extends SourcePolicy {
  /** Parent of the working copies (default: the system's temporary directory). */
  workDir?: string;
  signal?: AbortSignal;
  onLog?: (line: string) => void;
  timeoutMs?: number;
  /** BUILD_MAX_SOURCE_MB: the working copy (fetched objects, then files) may not grow past it. */
  maxBytes?: number;
  /** Part of the working copy's name (the build's id): leftovers of a dead build are found by it. */
  label?: string;
}

/** The prefix of every working copy's directory name (leftovers are swept by it). */
export const CHECKOUT_PREFIX = 'nuage-checkout-';

/**
 * A shallow working copy of exactly one commit: `git init`, `git fetch --depth 1 origin <sha>`,
 * `git checkout`. The token travels as an `http.extraHeader` given through GIT_CONFIG_*
 * variables (never on a command line, never in a URL); the host is pinned to the addresses the
 * policy checked (http.curloptResolve), and only http(s) transports are allowed.
 */
export async function checkoutCommit(
  source: SourceSpec & { commitSha: string },
  opts: CheckoutOptions,
): Promise<Checkout> {
  // Arguments of git commands: a commit id and a branch name, nothing that could be an option.
  if (!/^([0-9a-f]{40}|[0-9a-f]{64})$/.test(source.commitSha))
    throw new SourceError('branch', sourceTexts.notCommitId(source.commitSha.slice(0, 80)));
  if (!isValidBranchName(source.branch))
    throw new SourceError('branch', sourceTexts.branchMissing(source.branch.slice(0, 80)));
  // The address after the server's redirects, checked by the policy and with the token tried:
  // git is then told to follow no redirect (one to a private address would escape the policy).
  const { checked } = await listRemoteRefs(source.repositoryUrl, { ...opts, token: source.token });
  const parent = opts.workDir ?? tmpdir();
  await mkdir(parent, { recursive: true });
  const label = opts.label && /^[a-zA-Z0-9-]{1,64}$/.test(opts.label) ? `${opts.label}-` : '';
  const dir = await mkdtemp(path.join(parent, `${CHECKOUT_PREFIX}${label}`));
  // The CA bundle beside the working copy, not in it (it would join the build context).
  const caBundle = `${dir}.ca.pem`;
  const dispose = async () => {
    await rm(dir, { recursive: true, force: true });
    await rm(caBundle, { force: true });
  };
  if (opts.extraCaFile) {
    try {
      const extra = await readFile(opts.extraCaFile, 'utf8');
      await writeFile(caBundle, `${tls.rootCertificates.join('\n')}\n${extra}`);
    } catch (err) {
      await dispose();
      throw err;
    }
  }
  const pinned = pinnedSource(checked);
  const config: [string, string][] = [
    ['protocol.allow', 'never'],
    ['protocol.https.allow', 'always'],
    ...(opts.allowPrivateHosts ? ([['protocol.http.allow', 'always']] as [string, string][]) : []),
    ...(pinned.resolve ? ([['http.curloptResolve', pinned.resolve]] as [string, string][]) : []),
    ['http.followRedirects', 'false'],
    ...(opts.extraCaFile ? ([['http.sslCAInfo', caBundle]] as [string, string][]) : []),
    ['core.hooksPath', '/dev/null'],
    ['advice.detachedHead', 'false'],
    // The token goes only to the repository's own host (as in listRemoteRefs).
    ...(source.token && checked.url.host === new URL(source.repositoryUrl.trim()).host
      ? ([['http.extraHeader', `Authorization: ${authorizationHeader(source.token)}`]] as [
          string,
          string,
        ][])
      : []),
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ASKPASS: '/bin/false',
    GIT_CONFIG_COUNT: String(config.length),
    ...Object.fromEntries(
      config.flatMap(([key, value], i) => [
        [`GIT_CONFIG_KEY_${i}`, key],
        [`GIT_CONFIG_VALUE_${i}`, value],
      ]),
    ),
  };
  // Past the size limit, git is stopped as by a cancel, then the limit's error is thrown.
  const tooLarge = new AbortController();
  const stopWatching = opts.maxBytes
    ? watchDirectorySize(dir, opts.maxBytes, () => tooLarge.abort())
    : () => undefined;
  const signal = opts.signal ? AbortSignal.any([opts.signal, tooLarge.signal]) : tooLarge.signal;
  const git = (args: string[]) =>
    runGit(args, {
      cwd: dir,
      env,
      secret: source.token,
      signal,
      timeoutMs: opts.timeoutMs,
      onLog: opts.onLog,
    });
  try {
    await git(['init', '-q', '.']);
    await git(['remote', 'add', 'origin', checked.url.href]);
    opts.onLog?.(sourceTexts.fetchingCommit(source.commitSha.slice(0, 12), checked.display));
    const byCommit = await git([
      'fetch',
      '--depth',
      '1',
      '--no-tags',
      '-q',
      'origin',
      source.commitSha,
    ]).then(
      () => true,
      (err: unknown) => {
        if (err instanceof BuildCancelledError || err instanceof SourceError) throw err;
        return false;
      },
    );
    // Servers that refuse a fetch by commit id: the branch, deep enough to hold the commit.
    if (!byCommit) await fetchBranchFallback(git, source);
    await git(['checkout', '-q', '--detach', source.commitSha]);
    const message = (await git(['log', '-1', '--format=%s', 'HEAD'])).trim();
    await rm(path.join(dir, '.git'), { recursive: true, force: true });
    stopWatching();
    if (opts.maxBytes && (await directorySize(dir, opts.maxBytes)) > opts.maxBytes)
      tooLarge.abort();
    if (tooLarge.signal.aborted) throw new BuildCancelledError();
    return { dir, commitSha: source.commitSha, commitMessage: message || null, pinned, dispose };
  } catch (err) {
    stopWatching();
    await dispose();
    if (tooLarge.signal.aborted && !opts.signal?.aborted) {
      throw sourceTooLarge(opts.maxBytes ?? 0);
    }
    if (err instanceof BuildCancelledError || err instanceof SourceError) throw err;
    if (
      /Authentication failed|could not read Username|returned error: 40[13]/i.test(
        (err as Error).message,
      )
    )
      throw new SourceError('auth', sourceTexts.tokenRefused(checked.display), { cause: err });
    // curl's failures (git says "unable to access '<url>': …"): the one text of the address
    // policy, as for the ref discovery; git's other reasons (a missing commit) are the user's.
    if (/^unable to access /i.test((err as Error).message))
      throw unreachableRepository(checked.display, opts, err);
    throw new SourceError(
      'unreachable',
      sourceTexts.unreachable(checked.display, (err as Error).message),
      { cause: err },
    );
  }
}

async function fetchBranchFallback(
  git: (args: string[]) => Promise<string>,
  source: SourceSpec & { commitSha: string },
): Promise<void> {
  for (const depth of [1, 50, 500]) {
    await git([
      'fetch',
      '--depth',
      String(depth),
      '--no-tags',
      '-q',
      'origin',
      `refs/heads/${source.branch}`,
    ]);
    const found = await git(['cat-file', '-t', source.commitSha]).then(
      () => true,
      () => false,
    );
    if (found) return;
  }
  throw new Error(sourceTexts.commitNotOnBranch(source.commitSha.slice(0, 12), source.branch));
}

interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  secret: string | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number | undefined;
  onLog: ((line: string) => void) | undefined;
}

/** One git command; its error message is git's last line of stderr, the token masked. */
function runGit(args: string[], opts: RunOptions): Promise<string> {
  if (opts.signal?.aborted) return Promise.reject(new BuildCancelledError());
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return reject(new BuildCancelledError());
      if (code === 0) return resolve(stdout);
      const mask = (s: string) => (opts.secret ? s.split(opts.secret).join('***') : s);
      const last =
        mask(stderr).trim().split('\n').filter(Boolean).pop() ??
        sourceTexts.gitFailed(args[0], code);
      reject(new Error(last.replace(/^(fatal|error): /, '')));
    });
  });
}
