import toast from 'react-hot-toast';

/**
 * A toast shown less than this long before a navigation belongs to it (a success announcing
 * the page it leads to); anything older is about the page being left, and goes with it.
 */
export const FRESH_TOAST_MS = 800;

const shown = new Map<string, number>();
/** Longer than any toast lasts (4 s): past this a toast is gone and forgotten here too. */
const FORGET_AFTER_MS = 10_000;
const track = (id: string) => {
  const now = Date.now();
  for (const [old, at] of shown) if (now - at > FORGET_AFTER_MS) shown.delete(old);
  shown.set(id, now);
  return id;
};

/** SPEC §8: success toasts last 2 s, errors 4 s (set once on the <Toaster>). */
export const notify = {
  success: (message: string) => track(toast.success(message)),
  error: (message: string) => track(toast.error(message)),
};

/** A neutral notice (no success or error meaning). */
export const inform = (message: string) => track(toast(message));

/** On a page change: dismisses the toasts about the previous page (a login error on the dashboard). */
export function dismissStaleToasts(now = Date.now()) {
  for (const [id, at] of shown) {
    if (now - at < FRESH_TOAST_MS) continue;
    toast.dismiss(id);
    shown.delete(id);
  }
}

/** For a redirect that is the toasts' own consequence (a refused link, 3 s later): keep them. */
export function carryToastsToNextPage() {
  const now = Date.now();
  for (const id of shown.keys()) shown.set(id, now);
}
