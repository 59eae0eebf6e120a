import { FitAddon } from '@xterm/addon-fit';
import { Terminal, type ITheme } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { connectTerminal, type TerminalSocket } from '../api/terminal-socket';

export type TerminalState =
  | { kind: 'connecting' }
  | { kind: 'connected'; replica: string }
  | { kind: 'closed'; message: string };

/**
 * Whether the page is dark, from the `dark` class the theme puts on <html> (watched here rather
 * than through lib/theme.ts, which the login page's chunks share: importing it from a lazy page
 * splits it into a chunk of its own and makes the login page heavier).
 */
function subscribeToTheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');

const themes: Record<'light' | 'dark', ITheme> = {
  light: {
    background: '#f8fafc',
    foreground: '#0f172a',
    cursor: '#1d4ed8',
    selectionBackground: '#bfdbfe',
  },
  dark: {
    background: '#020617',
    foreground: '#e2e8f0',
    cursor: '#60a5fa',
    selectionBackground: '#1e3a8a',
  },
};

/**
 * The xterm.js screen of one terminal session (issue 29): fitted to its box (a phone's width
 * too), in the page's theme, wired to the WebSocket. Mounting opens the session, unmounting
 * closes it; a new `sessionKey` reconnects.
 */
export function TerminalScreen({
  deploymentId,
  replica,
  sessionKey,
  onState,
  socketRef,
}: {
  deploymentId: string;
  replica?: string;
  sessionKey: number;
  /** A stable function (a state setter): a new one would reconnect. */
  onState(state: TerminalState): void;
  socketRef: { current: TerminalSocket | null };
}) {
  const box = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const dark = useSyncExternalStore(subscribeToTheme, isDark);

  useEffect(() => {
    if (!box.current) return;
    const term = new Terminal({
      cursorBlink: true,
      fontSize: 14,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      theme: themes[isDark() ? 'dark' : 'light'],
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(box.current);
    fit.fit();
    terminal.current = term;
    onState({ kind: 'connecting' });
    const socket = connectTerminal(
      { deploymentId, replica, cols: term.cols, rows: term.rows },
      {
        onReady: (name) => {
          onState({ kind: 'connected', replica: name });
          term.focus();
        },
        onOutput: (bytes) => term.write(bytes),
        onClosed: (message) => onState({ kind: 'closed', message }),
      },
    );
    socketRef.current = socket;
    const typed = term.onData((data) => socket.type(data));
    const resized = term.onResize(({ cols, rows }) => socket.resize(cols, rows));
    const observer = new ResizeObserver(() => fit.fit());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      typed.dispose();
      resized.dispose();
      socket.close();
      socketRef.current = null;
      term.dispose();
      terminal.current = null;
    };
  }, [deploymentId, replica, sessionKey, socketRef, onState]);

  useEffect(() => {
    if (terminal.current) terminal.current.options.theme = themes[dark ? 'dark' : 'light'];
  }, [dark]);

  return (
    <div
      ref={box}
      data-testid="terminal-screen"
      className="h-[60vh] min-h-64 w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-950"
    />
  );
}
