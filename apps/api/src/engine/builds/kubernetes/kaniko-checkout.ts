import type { BuildRequest } from '../builder';
import { sourceTooLarge } from '../limits/size-limits';
import type { PinnedSource } from '../source/pinned-source';
import { clusterCheckoutTexts } from '@nuage/shared/messages/repository-source';

/**
 * The Git checkout of a Kubernetes build, in an init container of the Kaniko Job, so that
 * BUILD_MAX_SOURCE_MB holds in the cluster as it does on one host (docker builds check the
 * checkout they make): the commit is fetched into an emptyDir, its size checked once `.git`
 * is gone, and Kaniko builds from that directory (`dir://`) rather than fetching the
 * repository itself with no bound. Past the limit the container ends with the same French
 * message as the docker builder, as its last log line (terminationMessagePolicy
 * FallbackToLogsOnError), which the builder reports as the build's failure. The emptyDir's
 * sizeLimit is the kubelet's backstop while the fetch runs (the pack and the files both sit
 * there until the check): past it the pod is evicted, reported the same way.
 */

/** Small image with git and a shell (BusyBox), pulled by the cluster. */
export const GIT_CHECKOUT_IMAGE = 'docker.io/alpine/git:v2.45.1';
export const CHECKOUT_CONTAINER = 'checkout';
export const SOURCE_VOLUME = 'source';
export const SOURCE_DIR = '/workspace';
/** BUILD_MAX_SOURCE_MB's default, as the docker builder's. */
export const DEFAULT_MAX_SOURCE_BYTES = 500 * 1024 * 1024;

/**
 * Values come in as variables, never as script text. The token is read by a credential
 * helper from GIT_PASSWORD (the build's Secret), so it is on no command line and in no file;
 * TLS_EXTRA_CA_FILE's authority is added to the image's bundle, not put in its place.
 */
// Constant texts (no quote, backquote or `$` but $COMMIT): they cannot change the script.
const t = clusterCheckoutTexts;
export const CHECKOUT_SCRIPT = [
  'set -u',
  'fail() { echo "$1"; exit 1; }',
  'export HOME=/tmp',
  'if [ -n "${EXTRA_CA:-}" ]; then cat /etc/ssl/certs/ca-certificates.crt "$EXTRA_CA" > /tmp/ca.pem; export GIT_SSL_CAINFO=/tmp/ca.pem; fi',
  `cd "$SOURCE_DIR" || fail "${t.sourceDirUnavailable}"`,
  `git init -q . && git remote add origin "$REPOSITORY" || fail "${t.notPrepared}"`,
  // Under the address policy: the URL the platform checked, its host pinned to the checked
  // addresses, no redirect followed (checkout.ts does the same on one host).
  'if [ -n "${GIT_PINNED:-}" ]; then git config http.followRedirects false; fi',
  'if [ -n "${GIT_RESOLVE:-}" ]; then git config http.curloptResolve "$GIT_RESOLVE"; fi',
  'if [ -n "${GIT_PASSWORD:-}" ]; then git config credential.helper \'!f() { test "$1" = get && echo username=x-access-token && echo "password=$GIT_PASSWORD"; }; f\'; fi',
  // By commit (GitHub, GitLab, Gitea allow it), else the branch's recent history.
  `git fetch -q --depth 1 origin "$COMMIT" || git fetch -q --depth 50 origin "refs/heads/$BRANCH" || fail "${t.unreachable}"`,
  `git -c advice.detachedHead=false checkout -q --detach "$COMMIT" || fail "${t.commitMissing}"`,
  'rm -rf .git',
  'used=$(du -sk . | cut -f1)',
  'if [ "$used" -gt "$MAX_KB" ]; then fail "$TOO_LARGE"; fi',
  `echo "${t.fetched('$(( (used + 1023) / 1024 ))')}"`,
].join('\n');

export function checkoutContainer(
  request: BuildRequest,
  opts: {
    image: string;
    secretName: string;
    maxSourceBytes: number;
    /**
     * The repository as the platform's own checkout reached it under the address policy (null
     * when GIT_ALLOW_PRIVATE_HOSTS lifts it): the cluster fetches from the same checked
     * addresses, so DNS seen from the cluster cannot lead the fetch elsewhere.
     */
    pinned?: PinnedSource | null;
    /** TLS_EXTRA_CA_FILE's PEM as mounted from the build's Secret (its volume and file path). */
    extraCa: { mount: { name: string; mountPath: string; readOnly: true }; path: string } | null;
    resources: { requests: Record<string, string>; limits: Record<string, string> };
  },
) {
  return {
    name: CHECKOUT_CONTAINER,
    image: opts.image,
    command: ['sh', '-c', CHECKOUT_SCRIPT],
    env: [
      { name: 'SOURCE_DIR', value: SOURCE_DIR },
      { name: 'REPOSITORY', value: opts.pinned?.url ?? request.source.repositoryUrl },
      ...(opts.pinned ? [{ name: 'GIT_PINNED', value: '1' }] : []),
      ...(opts.pinned?.resolve ? [{ name: 'GIT_RESOLVE', value: opts.pinned.resolve }] : []),
      { name: 'BRANCH', value: request.source.branch },
      { name: 'COMMIT', value: request.source.commitSha },
      { name: 'MAX_KB', value: String(Math.floor(opts.maxSourceBytes / 1024)) },
      { name: 'TOO_LARGE', value: sourceTooLarge(opts.maxSourceBytes).message },
      ...(opts.extraCa ? [{ name: 'EXTRA_CA', value: opts.extraCa.path }] : []),
      ...(request.source.token
        ? [
            {
              name: 'GIT_PASSWORD',
              valueFrom: { secretKeyRef: { name: opts.secretName, key: 'git-token' } },
            },
          ]
        : []),
    ],
    resources: opts.resources,
    terminationMessagePolicy: 'FallbackToLogsOnError',
    // Git needs nothing of root: nobody, without any capability.
    securityContext: {
      runAsUser: 65534,
      runAsGroup: 65534,
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    },
    volumeMounts: [
      { name: SOURCE_VOLUME, mountPath: SOURCE_DIR },
      ...(opts.extraCa ? [opts.extraCa.mount] : []),
    ],
  };
}

/** The emptyDir the checkout fills and Kaniko reads: twice the limit, for the pack beside the files. */
export function sourceVolume(maxSourceBytes: number) {
  const mib = Math.ceil(maxSourceBytes / (1024 * 1024));
  return { name: SOURCE_VOLUME, emptyDir: { sizeLimit: `${2 * mib}Mi` } };
}
