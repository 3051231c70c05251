import type { TextIndex } from '../engine/text-index';
import { familyOf, type RecipeCatalogue, type RecipeProduct } from './recipes';
import { type FamilyBlock, familyBlock, type SimilarCatalogue } from './similar';

/**
 * The engine's product index as the recipes see it: products grouped by family (the level-3 category of
 * their trail), families by product line, and families as blocks (similar.ts) once asked. It follows the
 * index document by document (`TextIndex.changedSince`): a change of one product moves it between
 * families and drops the blocks of its old and new family, instead of grouping 100,000 products again.
 */
export class IndexCatalogue implements RecipeCatalogue, SimilarCatalogue {
  private readonly products = new Map<number, RecipeProduct>();
  private readonly members = new Map<string, Set<number>>();
  /** Line → family → how many of the family's products name the line. */
  private readonly lines = new Map<string, Map<string, number>>();
  private readonly blocks = new Map<string, FamilyBlock>();
  private version: number;

  constructor(readonly index: TextIndex) {
    this.version = index.version;
    index.docs.forEach((_, number) => {
      this.add(number);
    });
  }

  /** Brings it up to the index's version; false when the index cannot name what changed (build anew). */
  follow(): boolean {
    if (this.version === this.index.version) return true;
    const changed = this.index.changedSince(this.version);
    if (!changed) return false;
    for (const number of changed) {
      this.drop(number);
      this.add(number);
    }
    this.version = this.index.version;
    return true;
  }

  private add(number: number): void {
    const doc = this.index.docs[number];
    if (!doc) return;
    const { family, line } = familyOf(doc.attrs.category ?? []);
    this.products.set(number, { id: doc.id, scopes: doc.scopes, family, line, attrs: doc.attrs });
    if (!family) return;
    this.blocks.delete(family);
    const members = this.members.get(family) ?? new Set<number>();
    members.add(number);
    this.members.set(family, members);
    if (!line) return;
    const families = this.lines.get(line) ?? new Map<string, number>();
    families.set(family, (families.get(family) ?? 0) + 1);
    this.lines.set(line, families);
  }

  private drop(number: number): void {
    const product = this.products.get(number);
    if (!product) return;
    this.products.delete(number);
    const { family, line } = product;
    if (!family) return;
    this.blocks.delete(family);
    const members = this.members.get(family);
    members?.delete(number);
    if (members?.size === 0) this.members.delete(family);
    const families = line ? this.lines.get(line) : undefined;
    if (!line || !families) return;
    const count = (families.get(family) ?? 0) - 1;
    if (count > 0) families.set(family, count);
    else families.delete(family);
    if (families.size === 0) this.lines.delete(line);
  }

  product(id: string): RecipeProduct | undefined {
    const number = this.index.byKey.get(id);
    return number === undefined ? undefined : this.products.get(number);
  }

  family(family: string): RecipeProduct[] {
    return [...(this.members.get(family) ?? [])]
      .map((n) => this.products.get(n))
      .filter((p): p is RecipeProduct => p !== undefined);
  }

  familiesOf(line: string): string[] {
    return [...(this.lines.get(line)?.keys() ?? [])];
  }

  block(family: string): FamilyBlock {
    let block = this.blocks.get(family);
    if (!block) {
      block = familyBlock(this.family(family));
      this.blocks.set(family, block);
    }
    return block;
  }
}
