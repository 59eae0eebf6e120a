/** Whether a process with this id exists on this host (signal 0 probes without signalling). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
