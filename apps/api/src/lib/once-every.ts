/**
 * A gate that opens at most once per `ms` of the clock it is given (a pass's `now`), and again at
 * once when that clock did not move on or went back (tests replaying slots look again).
 */
export function onceEvery(ms: number): (now: Date) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (now) => {
    const t = now.getTime();
    if (t > last && t - last < ms) return false;
    last = t;
    return true;
  };
}
