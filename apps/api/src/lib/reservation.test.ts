import { describe, expect, it } from 'vitest';
import { reservationOf, totalReservation } from './reservation';

describe('reservationOf', () => {
  it('counts cpu and ram once per replica and storage once', () => {
    expect(reservationOf({ cpuMilli: 500, ramMb: 1000, storageMb: 20_000, replicas: 3 })).toEqual({
      cpuMilli: 1500,
      ramMb: 3000,
      storageMb: 20_000,
    });
  });

  it('is the application itself for one replica', () => {
    expect(reservationOf({ cpuMilli: 250, ramMb: 512, storageMb: 1000, replicas: 1 })).toEqual({
      cpuMilli: 250,
      ramMb: 512,
      storageMb: 1000,
    });
  });
});

describe('totalReservation', () => {
  it('adds the reservations of several applications', () => {
    expect(
      totalReservation([
        { cpuMilli: 500, ramMb: 1000, storageMb: 10_000, replicas: 3 },
        { cpuMilli: 250, ramMb: 500, storageMb: 5000, replicas: 1 },
      ]),
    ).toEqual({ cpuMilli: 1750, ramMb: 3500, storageMb: 15_000 });
  });

  it('is nothing for no application', () => {
    expect(totalReservation([])).toEqual({ cpuMilli: 0, ramMb: 0, storageMb: 0 });
  });
});
