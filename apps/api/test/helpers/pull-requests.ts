import { createHmac, randomUUID } from 'node:crypto';
import { API } from './project-factories';
import type { TestApp } from './test-app';

export {
  githubPullRequest,
  gitlabMergeRequest,
  type TestPullRequest,
} from './pull-request-payloads';

/** Sends a signed GitHub event to the application's webhook. */
export function sendGithubEvent(
  t: TestApp,
  appId: string,
  secret: string,
  event: string,
  payload: unknown,
  deliveryId: string = randomUUID(),
) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `${API}/webhooks/git/${appId}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': deliveryId,
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
  });
}

/** Sends a GitLab event (the secret as its token). */
export function sendGitlabEvent(t: TestApp, appId: string, secret: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/webhooks/git/${appId}`,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      'x-gitlab-event': 'Merge Request Hook',
      'x-gitlab-event-uuid': randomUUID(),
      'x-gitlab-token': secret,
    },
  });
}
