import { eq } from 'drizzle-orm';
import { carLabelOf } from '@club/contracts/plain';
import type { DbOrTx } from '../db/client.ts';
import { cars } from '../db/schema/index.ts';

/**
 * Registry cars as other areas link to them (a listing's "this car is for sale"). Features never
 * import each other, so what the garage shares lives here, beside the other cross-area reads.
 */
export type LinkedCar = { id: number; ownerId: number | null; label: string };

/** A car that a listing names, where the viewer may see it (members every car, visitors the public ones); undefined otherwise. */
export function findLinkedCar(db: DbOrTx, carId: number, viewer: { id: number } | undefined): LinkedCar | undefined {
  const car = db
    .select({ id: cars.id, ownerId: cars.ownerId, visibility: cars.visibility, year: cars.year, bodyStyle: cars.bodyStyle, name: cars.name })
    .from(cars)
    .where(eq(cars.id, carId))
    .get();
  if (!car || (viewer === undefined && car.visibility === 'members')) return undefined;
  return { id: car.id, ownerId: car.ownerId, label: carLabelOf(car) };
}
