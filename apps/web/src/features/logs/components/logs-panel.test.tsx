import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderRoute } from '@/test/render';
import { LogsPanel } from './logs-panel';

const logsPath = '/deployments/deployment/dep-1/logs';

/** happy-dom lays nothing out: give the log view a height and a content height to scroll. */
function layout(el: HTMLElement, content: () => number) {
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => 200 });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: content });
}

function renderPanel() {
  let lines = ['[simulation] ligne 1'];
  const view = renderRoute(<LogsPanel deploymentId="dep-1" intervalMs={100} />, {
    path: '/',
    user: buildUser(),
  });
  view.api.on('GET', logsPath, () => ({ body: { logs: lines.join('\n') } }));
  return {
    ...view,
    append: (line: string) => (lines = [...lines, line]),
    lineCount: () => lines.length,
  };
}

describe('the logs panel', () => {
  it('reads nothing until opened, then follows new lines at the bottom', async () => {
    const { api, user, append, lineCount } = renderPanel();
    const toggle = await screen.findByRole('button', { name: 'Afficher les journaux' });
    expect(api.callsTo('GET', logsPath)).toHaveLength(0);
    await user.click(toggle);
    const view = await screen.findByTestId('logs-view');
    layout(view, () => lineCount() * 20);
    append('[simulation] ligne 2');
    await waitFor(() => expect(view).toHaveTextContent('ligne 2'));
    // 2 lines × 20 px: the view sits at the end.
    await waitFor(() => expect(view.scrollTop).toBe(40));
    for (let i = 3; i <= 20; i++) append(`[simulation] ligne ${i}`);
    await waitFor(() => expect(view).toHaveTextContent('ligne 20'));
    await waitFor(() => expect(view.scrollTop).toBe(400));
    expect(screen.getByText('Suivi en direct des nouvelles lignes')).toBeVisible();
  });

  it('stops following when the reader scrolls up, and resumes on request', async () => {
    const { user, append, lineCount } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Afficher les journaux' }));
    const view = await screen.findByTestId('logs-view');
    layout(view, () => lineCount() * 20);
    for (let i = 2; i <= 30; i++) append(`[simulation] ligne ${i}`);
    await waitFor(() => expect(view).toHaveTextContent('ligne 30'));
    await waitFor(() => expect(view.scrollTop).toBe(600));
    // The reader scrolls up to line 5.
    view.scrollTop = 100;
    fireEvent.scroll(view);
    expect(await screen.findByText('Suivi en pause')).toBeVisible();
    append('[simulation] ligne 31');
    await waitFor(() => expect(view).toHaveTextContent('ligne 31'));
    expect(view.scrollTop).toBe(100);
    await user.click(screen.getByRole('button', { name: /Suivre les nouvelles lignes/ }));
    await waitFor(() => expect(view.scrollTop).toBe(620));
  });

  it('stops reading when closed', async () => {
    const { api, user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Afficher les journaux' }));
    await waitFor(() => expect(api.callsTo('GET', logsPath).length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Masquer les journaux' }));
    const count = api.callsTo('GET', logsPath).length;
    await new Promise((r) => setTimeout(r, 350));
    expect(api.callsTo('GET', logsPath)).toHaveLength(count);
  });
});
