/**
 * What an application reserves against its project's quota: cpu × replicas, ram × replicas and
 * storage (SPEC §3, ARCHITECTURE "Deployment engine"). The one place the rule is written; SQL
 * sums use the same rule in db/reservation-sql.ts. Quantities are in milli-units (cpuMilli
 * is thousandths of a core, ramMb and storageMb thousandths of a GB).
 */
export interface Reservation {
  cpuMilli: number;
  ramMb: number;
  storageMb: number;
}

export interface ReservingApplication extends Reservation {
  replicas: number;
}

export const NO_RESERVATION: Reservation = Object.freeze({ cpuMilli: 0, ramMb: 0, storageMb: 0 });

/** What one application reserves: every replica takes its cpu and ram; storage is shared. */
export function reservationOf(d: ReservingApplication): Reservation {
  return { cpuMilli: d.cpuMilli * d.replicas, ramMb: d.ramMb * d.replicas, storageMb: d.storageMb };
}

/** What several applications reserve together. */
export function totalReservation(apps: readonly ReservingApplication[]): Reservation {
  return apps.map(reservationOf).reduce(
    (sum, r) => ({
      cpuMilli: sum.cpuMilli + r.cpuMilli,
      ramMb: sum.ramMb + r.ramMb,
      storageMb: sum.storageMb + r.storageMb,
    }),
    NO_RESERVATION,
  );
}
