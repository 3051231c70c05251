import { products } from '@catalogue/db/schema';
import { createTestDatabase, type TestDatabase } from '@catalogue/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockTrackedProducts } from './tracked-products';

/**
 * The stock lock has a statement per number of IDs up to 32 and is built per call beyond: both answer
 * exactly the products that track stock, in ID order, whatever the order asked.
 */
describe('lockTrackedProducts', () => {
  let database: TestDatabase;
  // 40 products; those whose number is not a multiple of 5 track stock.
  const ids = Array.from({ length: 40 }, (_, i) => `P-${String(i).padStart(2, '0')}`);
  const tracked = (list: string[]) => list.filter((id) => Number(id.slice(2)) % 5 !== 0).sort();

  beforeAll(async () => {
    database = await createTestDatabase();
    // Inserted in reverse: the rows lie in the table against ID order, so only the lock's sort orders them.
    await database.db.insert(products).values(
      [...ids].reverse().map((id) => ({
        id,
        name: id,
        inventoryEnabled: Number(id.slice(2)) % 5 !== 0,
        inventoryOrderCanExceed: Number(id.slice(2)) % 2 === 0,
      })),
    );
  });
  afterAll(() => database?.dispose());

  it('answers the tracked ones in ID order, with their settings, for every count up to the prepared limit', async () => {
    for (const count of [1, 2, 3, 7, 32]) {
      const asked = ids.slice(0, count).reverse();
      // Several runs of one shape: PostgreSQL switches to the generic plan after five.
      for (let run = 0; run < 7; run++) {
        const locked = await database.db.transaction((tx) => lockTrackedProducts(tx, asked));
        expect(locked.map((p) => p.id)).toEqual(tracked(asked));
      }
    }
    const [one] = await database.db.transaction((tx) => lockTrackedProducts(tx, ['P-02']));
    expect(one).toEqual({
      id: 'P-02',
      inventoryEnabled: true,
      inventoryVariantLevelTracking: false,
      inventoryOrderCanExceed: true,
    });
  });

  it('answers beyond the prepared limit, and nothing for no IDs or unknown ones', async () => {
    const asked = [...ids].reverse();
    const locked = await database.db.transaction((tx) => lockTrackedProducts(tx, asked));
    expect(locked.map((p) => p.id)).toEqual(tracked(ids));
    expect(await database.db.transaction((tx) => lockTrackedProducts(tx, []))).toEqual([]);
    expect(await database.db.transaction((tx) => lockTrackedProducts(tx, ['nope', 'P-00']))).toEqual([]);
  });
});
