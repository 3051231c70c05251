import type { Leaf } from './category-tree';
import type { Random } from './random';

/**
 * The order in which leaves receive their first SKU: one leaf of every family in turn (families
 * interleaved across the top-level categories), each family's leaves in a seeded random order. So even a
 * small dataset touches every category and family before it gives any family a second leaf.
 */
export function leafOrder(leaves: Leaf[], random: Random): Leaf[] {
  const byFamily = new Map<number, Leaf[]>();
  for (const leaf of leaves) {
    const list = byFamily.get(leaf.familyIndex) ?? [];
    list.push(leaf);
    byFamily.set(leaf.familyIndex, list);
  }
  // Interleave families across top-level categories: the first family of each category, then the second...
  const positionInTop = new Map<number, number>();
  const seenPerTop = new Map<string, number>();
  for (const [familyIndex, list] of byFamily) {
    const top = list[0]?.node.id.split('.')[0] ?? '';
    const position = seenPerTop.get(top) ?? 0;
    seenPerTop.set(top, position + 1);
    positionInTop.set(familyIndex, position);
  }
  const families = [...byFamily.keys()].sort(
    (a, b) => (positionInTop.get(a) ?? 0) - (positionInTop.get(b) ?? 0) || a - b,
  );
  const queues = families.map((f) => random.shuffle(byFamily.get(f) ?? []));
  const order: Leaf[] = [];
  for (let round = 0; order.length < leaves.length; round++) {
    for (const queue of queues) {
      const leaf = queue[round];
      if (leaf) order.push(leaf);
    }
  }
  return order;
}

/**
 * How many SKUs each leaf gets, for `total` SKUs in all: with fewer SKUs than leaves, the first leaves
 * of `leafOrder` get one each; otherwise every leaf gets one and the rest is shared out by seeded
 * weights (largest remainder, so the counts add up exactly).
 */
export function allocateSkus(ordered: Leaf[], total: number, random: Random): Map<Leaf, number> {
  const counts = new Map<Leaf, number>();
  if (total <= ordered.length) {
    for (const leaf of ordered.slice(0, total)) counts.set(leaf, 1);
    return counts;
  }
  const extra = total - ordered.length;
  const weights = ordered.map((leaf) => random.between(0.4, 1.6) * Math.max(1, leaf.family.lengths.length));
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (w / sum) * extra);
  let given = 0;
  ordered.forEach((leaf, i) => {
    const whole = Math.floor(shares[i] ?? 0);
    counts.set(leaf, 1 + whole);
    given += whole;
  });
  const byRemainder = ordered
    .map((leaf, i) => ({ leaf, remainder: (shares[i] ?? 0) % 1, i }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { leaf } of byRemainder.slice(0, extra - given)) counts.set(leaf, (counts.get(leaf) ?? 1) + 1);
  return counts;
}

/**
 * Makes sure `needed` US leaves have at least two SKUs, so restricting one of them to the partner group
 * leaves the category with a product everyone sees. With few SKUs, it moves the last-allocated single
 * SKUs to US leaves that have one; the total stays the same.
 */
export function makeRoomForPartners(ordered: Leaf[], counts: Map<Leaf, number>, needed: number): void {
  const sellsInUs = (leaf: Leaf) => leaf.regions.includes('US');
  let have = ordered.filter((leaf) => sellsInUs(leaf) && (counts.get(leaf) ?? 0) >= 2).length;
  const donors = ordered.filter((leaf) => counts.get(leaf) === 1).reverse();
  const targets = ordered.filter((leaf) => sellsInUs(leaf) && counts.get(leaf) === 1);
  for (const target of targets) {
    if (have >= needed) return;
    if (counts.get(target) !== 1) continue;
    const donor = donors.find((leaf) => leaf !== target && counts.get(leaf) === 1 && !targets.includes(leaf));
    if (!donor) return;
    counts.delete(donor);
    counts.set(target, 2);
    have++;
  }
}
