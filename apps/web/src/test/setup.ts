import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { session } from '@/lib/session';

// The suite runs two files at once on CI's 2 cores, next to the API's: a screen that renders in
// 100 ms alone can take over a second then. findBy*/waitFor still fail when the text never comes.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Toasts, the session and stubs are module-wide: one test must not see another's.
  toast.remove();
  session.clear('logout');
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
