import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, vi } from 'vitest';
import { session } from '@/lib/session';

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
