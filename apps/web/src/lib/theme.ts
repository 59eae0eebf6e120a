import { storageKeys } from '@nuage/shared/limits';
import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const listeners = new Set<() => void>();

function stored(): Theme | null {
  try {
    const value = localStorage.getItem(storageKeys.theme);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

/** SPEC §4: the stored theme, else the system preference. */
export function currentTheme(): Theme {
  return (
    stored() ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light')
  );
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

export function setTheme(theme: Theme) {
  localStorage.setItem(storageKeys.theme, theme);
  applyTheme(theme);
  listeners.forEach((l) => l());
}

/** What a pre-rendered page shows before hydration; the stored theme takes over right after. */
const serverTheme = (): Theme => 'light';

export function useTheme() {
  const theme = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentTheme,
    serverTheme,
  );
  const toggle = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggle };
}
