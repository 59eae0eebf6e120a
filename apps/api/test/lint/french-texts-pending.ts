/**
 * French literals of apps/api/src that are not texts to move (french-texts.test.ts skips them):
 * values of a type, written in the database and the API contract. `file` absent: in any file;
 * `text` is the literal's beginning.
 */
export const notUserFacing: { file?: string; text: string }[] = [
  // What the request log writes instead of a secret: read by operators in the logs.
  { file: 'src/http/logging.ts', text: '[masqué]' },
  // Startup errors of the settings, for the operator's shell: written in French and English.
  { file: 'src/config-env.ts', text: 'NETWORK_GUARD_CHAINS doit' },
  { file: 'src/config-env.ts', text: 'EGRESS_ALLOW_CIDRS doit' },
  // CertificateStatus values (packages/shared/src/certificate-types.ts), compared by the code.
  { text: 'Expiré' },
  { text: 'Échec' },
];

/**
 * Files whose French texts have not moved to packages/shared/src/messages yet, with how many
 * are left: a file may only go down (the test fails when a count is above what remains, so
 * lower it as texts move, and delete the line at zero). Issue 31 item 3 moved the modules'
 * HTTP answers first; the engine's runtime errors and the mail templates follow.
 */
export const pendingMoves: Record<string, number> = {
  'src/engine/builds/builder.ts': 1,
  'src/engine/builds/detect/detect.ts': 1,
  'src/engine/builds/docker/build-progress.ts': 4,
  'src/engine/builds/docker/docker-builder.ts': 6,
  'src/engine/builds/docker/engine-build.ts': 4,
  'src/engine/builds/docker/push.ts': 3,
  'src/engine/builds/docker/stop-leftovers.ts': 6,
  'src/engine/builds/egress/build-egress.ts': 5,
  'src/engine/builds/egress/egress-proxy.ts': 2,
  'src/engine/builds/kubernetes/kaniko-builder.ts': 14,
  'src/engine/builds/kubernetes/kaniko-checkout.ts': 6,
  'src/engine/builds/limits/size-limits.ts': 2,
  'src/engine/builds/simulation-builder.ts': 3,
  'src/engine/builds/source/checkout.ts': 7,
  'src/engine/builds/source/pkt-line.ts': 2,
  'src/engine/builds/source/remote-refs.ts': 9,
  'src/engine/builds/source/resolve-commit.ts': 2,
  'src/engine/builds/source/url-policy.ts': 5,
  'src/engine/drivers/docker/backup.ts': 10,
  'src/engine/drivers/docker/converge.ts': 3,
  'src/engine/drivers/docker/drift.ts': 3,
  'src/engine/drivers/docker/edge/caddy-config.ts': 2,
  'src/engine/drivers/docker/edge/issuance-log.ts': 8,
  'src/engine/drivers/docker/engine-stream.ts': 1,
  'src/engine/drivers/docker/exec.ts': 1,
  'src/engine/drivers/docker/guard/network-guard.ts': 1,
  'src/engine/drivers/docker/rollout.ts': 5,
  'src/engine/drivers/docker/secret-loader.ts': 1,
  'src/engine/drivers/docker/volume-archive.ts': 1,
  'src/engine/drivers/kubernetes/backup-jobs.ts': 9,
  'src/engine/drivers/kubernetes/environment-objects.ts': 1,
  'src/engine/drivers/kubernetes/guards.ts': 1,
  'src/engine/drivers/kubernetes/kube-client.ts': 1,
  'src/engine/drivers/kubernetes/kube-errors.ts': 1,
  'src/engine/drivers/kubernetes/kubernetes-driver.ts': 4,
  'src/engine/drivers/kubernetes/object-writer.ts': 1,
  'src/engine/drivers/kubernetes/observe.ts': 5,
  'src/engine/drivers/kubernetes/pod-quota.ts': 3,
  'src/engine/drivers/kubernetes/pod-reads.ts': 1,
  'src/engine/drivers/kubernetes/rollout-gate.ts': 6,
  'src/engine/drivers/simulation/backup.ts': 2,
  'src/engine/drivers/simulation/driver.ts': 4,
  'src/engine/drivers/simulation/simulated-logs.ts': 6,
  'src/engine/manifests/meta.ts': 4,
  'src/engine/manifests/test-fixtures.ts': 1,
  'src/engine/manifests/test-restore-job.ts': 1,
  'src/engine/manifests/workloads.ts': 1,
  'src/engine/manifests/write.ts': 3,
  'src/engine/reconcile-application.ts': 7,
  'src/engine/reconcile-environment.ts': 1,
  'src/engine/release-gate.ts': 5,
  'src/engine/repair-drift.ts': 1,
  'src/engine/runtime-pin.ts': 3,
  'src/engine/templates/code-spec.ts': 1,
  'src/engine/templates/security.ts': 6,
  'src/mail/layout.ts': 4,
  'src/mail/templates/backup-failure.ts': 5,
  'src/mail/templates/email-change.ts': 4,
  'src/mail/templates/invitation.ts': 5,
  'src/mail/templates/login-security.ts': 12,
  'src/mail/templates/password-reset.ts': 4,
  'src/mail/templates/verification-code.ts': 4,
};
