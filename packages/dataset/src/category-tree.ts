import type { AxisOption, FamilyData, TopCategoryData } from './data-types';
import { AXIS_LEVELS } from './data-types';
import type { CategoryKind, DatasetCategory, Localized, Region } from './model';
import { REGIONS } from './model';
import { branchDescription } from './texts';

/** One node of the full product tree, before pruning (levels 1 to 6). */
export interface TreeNode {
  id: string;
  slug: string;
  level: number;
  kind: CategoryKind;
  name: Localized;
  description: Localized;
  marketing: DatasetCategory['marketing'];
  children: TreeNode[];
  /** Set on leaves: where the SKUs go. */
  leaf: Leaf | null;
}

/** A deepest category with what its SKUs are made of. */
export interface Leaf {
  node: TreeNode;
  family: FamilyData;
  /** Index of the family in taxonomy order. */
  familyIndex: number;
  /** The chosen option of each axis, from level 4 down. */
  picks: AxisOption[];
  /** Regions where the branch is sold (family regions narrowed by the picks). */
  regions: Region[];
}

const KINDS: CategoryKind[] = ['category', 'productLine', 'family', ...AXIS_LEVELS];

function intersect(a: readonly Region[], b: readonly Region[] | null): Region[] {
  return b ? a.filter((r) => b.includes(r)) : [...a];
}

function node(
  parent: TreeNode | null,
  slug: string,
  fields: Pick<TreeNode, 'name' | 'description'>,
): TreeNode {
  const level = parent ? parent.level + 1 : 1;
  return {
    id: parent ? `${parent.id}.${slug}` : slug,
    slug,
    level,
    kind: KINDS[level - 1] ?? 'variantGroup',
    name: fields.name,
    description: fields.description,
    marketing: null,
    children: [],
    leaf: null,
  };
}

function addBranches(
  parent: TreeNode,
  family: FamilyData,
  familyIndex: number,
  picks: AxisOption[],
  regions: Region[],
  leaves: Leaf[],
) {
  const axis = family.axes[picks.length];
  if (!axis) {
    parent.leaf = { node: parent, family, familyIndex, picks, regions };
    leaves.push(parent.leaf);
    return;
  }
  for (const option of axis.options) {
    const narrowed = intersect(regions, option.regions);
    if (narrowed.length === 0) continue;
    const path = [...picks, option];
    const child = node(parent, option.slug, {
      name: option.name,
      description: branchDescription(
        family.name,
        path.map((p) => p.name),
      ),
    });
    child.marketing = parent.marketing;
    parent.children.push(child);
    addBranches(child, family, familyIndex, path, narrowed, leaves);
  }
}

/** The full tree of the taxonomy (every option combination) and its leaves in tree order. */
export function buildTree(taxonomy: TopCategoryData[]): { roots: TreeNode[]; leaves: Leaf[] } {
  const leaves: Leaf[] = [];
  let familyIndex = 0;
  const roots = taxonomy.map((category) => {
    const root = node(null, category.slug, category);
    for (const line of category.lines) {
      const lineNode = node(root, line.slug, line);
      root.children.push(lineNode);
      for (const family of line.families) {
        const familyNode = node(lineNode, family.slug, family);
        familyNode.marketing = family.marketing;
        lineNode.children.push(familyNode);
        addBranches(familyNode, family, familyIndex++, [], family.regions, leaves);
      }
    }
    return root;
  });
  return { roots, leaves };
}

/**
 * The categories that hold products, parents before children: empty branches are left out, list orders
 * are renumbered, and each category's regions are those of the products below it.
 */
export function pruneTree(roots: TreeNode[], regionsOfLeaf: Map<TreeNode, Set<Region>>): DatasetCategory[] {
  const categories: DatasetCategory[] = [];
  const visit = (tree: TreeNode, parentId: string | null, listOrder: number): Set<Region> | null => {
    const index = categories.length;
    categories.push({
      id: tree.id,
      slug: tree.slug,
      parentId,
      level: tree.level,
      kind: tree.kind,
      listOrder,
      name: tree.name,
      description: tree.description,
      marketing: tree.marketing,
      regions: [],
    });
    let regions = regionsOfLeaf.get(tree) ?? null;
    if (!tree.leaf) {
      let order = 0;
      for (const child of tree.children) {
        const childRegions = visit(child, tree.id, order);
        if (!childRegions) continue;
        order++;
        regions ??= new Set();
        for (const r of childRegions) regions.add(r);
      }
    }
    if (!regions) {
      categories.length = index;
      return null;
    }
    const category = categories[index];
    if (category) category.regions = REGIONS.filter((r) => regions.has(r));
    return regions;
  };
  let order = 0;
  for (const root of roots) if (visit(root, null, order)) order++;
  return categories;
}
