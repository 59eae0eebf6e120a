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

let token: string | null = read();
/** Why the session last ended: 'expired' sends the user to /login from anywhere. */
let endReason: 'logout' | 'expired' | null = null;

/** The stored access token (SPEC §4: local storage key `auth_token`), observable by React. */
export const session = {
  getToken: () => token,
  getEndReason: () => endReason,
  setToken(next: string) {
    token = next;
    endReason = null;
    localStorage.setItem(storageKeys.authToken, next);
    listeners.forEach((l) => l());
  },
  clear(reason: 'logout' | 'expired' = 'logout') {
    if (token === null && endReason === reason) return;
    token = null;
    endReason = reason;
    try {
      localStorage.removeItem(storageKeys.authToken);
    } catch {
      // Storage unavailable: the in-memory token is gone, which is what matters.
    }
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
