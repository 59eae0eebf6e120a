import { csrfHeader } from '@nuage/shared/limits';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildBuild } from '@/test/build-fixtures';
import { createFakeApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render';
import { createSseFeed } from '@/test/sse-feed';
import { expectToast } from '@/test/toasts';
import { BuildLogs } from './build-logs';

const LOGS = '/builds/bld-1/logs';

function renderLogs(feeds: ReturnType<typeof createSseFeed>[], props = {}) {
  const onEnd = vi.fn();
  let served = 0;
  const api = createFakeApi().on('GET', LOGS, () => ({
    stream: feeds[served++]?.stream ?? createSseFeed().stream,
  }));
  const view = renderRoute(<BuildLogs build={buildBuild()} canCancel onEnd={onEnd} {...props} />, {
    api,
  });
  return { ...view, onEnd };
}

const shownLines = () =>
  within(screen.getByRole('log'))
    .queryAllByText(/.+/)
    .map((el) => el.textContent);

describe('BuildLogs', () => {
  it('shows each line as it arrives, then the final status, and says when the build ended', async () => {
    const feed = createSseFeed();
    const { onEnd } = renderLogs([feed]);
    expect(await screen.findByText('En attente des premières lignes…')).toBeInTheDocument();
    feed.log(1, 'Clonage de https://git.exemple.sn/boutique/api-commandes.git (main)');
    expect(await screen.findByText(/^Clonage de/)).toBeInTheDocument();
    feed.log(2, 'Step 1/6 : FROM node:20-slim');
    expect(await screen.findByText('Step 1/6 : FROM node:20-slim')).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();

    feed.end(buildBuild({ status: 'success', duration_seconds: 42 }));
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    expect(onEnd).toHaveBeenCalledWith(expect.objectContaining({ status: 'success' }));
  });

  it('reconnects after a cut with Last-Event-ID and the CSRF header: no line lost, none twice', async () => {
    const first = createSseFeed();
    const second = createSseFeed();
    const { api } = renderLogs([first, second]);
    first.log(1, 'npm ci').log(2, 'added 120 packages');
    // The third line is cut mid-way by the drop: it must come back whole from the new stream.
    first.raw('id: 3\nevent: log\ndata: {"seq":3,"li');
    expect(await screen.findByText('added 120 packages')).toBeInTheDocument();
    first.cut();

    await waitFor(() => expect(api.callsTo('GET', LOGS)).toHaveLength(2));
    const [opening, resumed] = api.callsTo('GET', LOGS);
    expect(opening?.headers['last-event-id']).toBeUndefined();
    expect(resumed?.headers['last-event-id']).toBe('2');
    expect(resumed?.headers[csrfHeader.name.toLowerCase()]).toBe(csrfHeader.value);

    second.log(2, 'added 120 packages').log(3, 'npm run build').log(4, 'vite v5 building…');
    second.end(buildBuild({ status: 'success' }));
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(shownLines()).toEqual([
      'npm ci',
      'added 120 packages',
      'npm run build',
      'vite v5 building…',
    ]);
  });

  it('shows the queue position, and cancels the build on « Annuler »', async () => {
    const feed = createSseFeed();
    const { api, user } = renderLogs([feed], {
      build: buildBuild({ status: 'queued', queue_position: 2, started_at: null }),
    });
    api.on('POST', '/builds/bld-1/cancel', {
      status: 202,
      body: { message: 'Annulation demandée.' },
    });
    expect(screen.getByText("En file d'attente (position 2)")).toBeInTheDocument();
    feed.status(buildBuild({ status: 'queued', queue_position: 1, started_at: null }));
    expect(await screen.findByText("En file d'attente (position 1)")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    await expectToast('Annulation demandée.');
    expect(api.callsTo('POST', '/builds/bld-1/cancel')).toHaveLength(1);
    feed.end(
      buildBuild({ status: 'cancelled', error_message: 'Build annulé par un utilisateur.' }),
    );
    expect(await screen.findByText('Annulé')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Build annulé par un utilisateur.');
  });

  it('follows the last line, stops following when the user scrolls up, and resumes on request', async () => {
    const feed = createSseFeed();
    const { user } = renderLogs([feed]);
    const box = screen.getByRole('log');
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 1000 });
    Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 200 });
    feed.log(1, 'ligne 1');
    await screen.findByText('ligne 1');
    expect(box.scrollTop).toBe(1000);

    box.scrollTop = 300;
    fireEvent.scroll(box);
    const follow = await screen.findByRole('button', { name: 'Suivre la fin du journal' });
    feed.log(2, 'ligne 2');
    await screen.findByText('ligne 2');
    expect(box.scrollTop).toBe(300);

    await user.click(follow);
    expect(box.scrollTop).toBe(1000);
  });

  it('says so when the build does not exist, without retrying', async () => {
    const api = createFakeApi().on('GET', LOGS, {
      status: 404,
      body: { detail: 'Build introuvable.' },
    });
    const view = renderRoute(<BuildLogs build={buildBuild()} canCancel={false} />, { api });
    expect(await screen.findByText('Ce build est introuvable.')).toBeInTheDocument();
    expect(view.api.callsTo('GET', LOGS)).toHaveLength(1);
  });
});
