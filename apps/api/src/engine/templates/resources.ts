import { reservationOf, type ReservingApplication } from '../../lib/reservation';

/**
 * How an application's reservation is shared between its pods. The quota counts
 * lib/reservation.ts's reservationOf (SPEC/ARCHITECTURE); the database lives inside that
 * reservation, so what the runtime is asked for is exactly what the project is charged for.
 * The database's share is taken from one replica's reservation, never from the total: scaling
 * the application changes only the application's pods, and the database (its container, its
 * limits) stays as it is (issue 12). Extra replicas are wholly the application's.
 */
export interface ResourceSplit {
  app: { cpuMilli: number; ramMb: number; storageMb: number };
  database: { cpuMilli: number; ramMb: number; storageMb: number };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

export function splitResources(r: ReservingApplication): ResourceSplit {
  const { cpuMilli: totalCpu, ramMb: totalRam } = reservationOf(r);
  const oneCpu = r.cpuMilli;
  const oneRam = r.ramMb;
  // A quarter of one replica's CPU (50m–500m) and 40 % of its memory (200–2000 MB) for the
  // database, never more than half of it.
  const dbCpu = Math.floor(
    clamp(Math.round(oneCpu * 0.25), Math.min(50, oneCpu / 2), Math.min(500, oneCpu / 2)),
  );
  const dbRam = Math.floor(
    clamp(Math.round(oneRam * 0.4), Math.min(200, oneRam / 2), Math.min(2000, oneRam / 2)),
  );
  const dbStorage = Math.floor(
    clamp(Math.round(r.storageMb * 0.25), Math.min(500, r.storageMb / 2), r.storageMb / 2),
  );
  return {
    app: {
      cpuMilli: Math.floor((totalCpu - dbCpu) / r.replicas),
      ramMb: Math.floor((totalRam - dbRam) / r.replicas),
      storageMb: r.storageMb - dbStorage,
    },
    database: { cpuMilli: dbCpu, ramMb: dbRam, storageMb: dbStorage },
  };
}
