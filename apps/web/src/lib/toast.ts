import toast from 'react-hot-toast';

/** SPEC §8: success toasts last 2 s, errors 4 s (set once on the <Toaster>). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
};

/** A neutral notice (no success or error meaning). */
export const inform = (message: string) => toast(message);
