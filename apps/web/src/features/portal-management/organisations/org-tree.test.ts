import { describe, expect, it } from 'vitest';
import type { OrganisationNode } from '@eco/contracts/users';
import { filterTree, flattenTree } from './org-tree';

const node = (
  id: number,
  code: string,
  name: string,
  level: OrganisationNode['level'],
  children: OrganisationNode[] = [],
  parentId: number | null = null,
): OrganisationNode => ({
  id,
  code,
  name,
  level,
  parentId,
  children,
});

const tree = [
  node(1, '61', '陕西省林业局', 'province', [
    node(2, '6101', '西安市林业局', 'city', [node(4, '610102', '新城区林业局', 'county', [], 2), node(5, '610104', '莲湖区林业局', 'county', [], 2)], 1),
    node(3, '6108', '榆林市林业局', 'city', [node(6, '610802', '榆阳区林业局', 'county', [], 3)], 1),
  ]),
];

describe('the organisation tree', () => {
  it('lists every organisation, parents first', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual([1, 2, 4, 5, 3, 6]);
  });

  it('keeps the whole tree, province expanded, for an empty query', () => {
    const { tree: cut, expand, matches } = filterTree(tree, '  ');
    expect(flattenTree(cut)).toHaveLength(6);
    expect(expand).toEqual([1]);
    expect(matches).toBe(0);
  });

  it('keeps the matches with their ancestors, expanded, and drops the rest', () => {
    const { tree: cut, expand, matches } = filterTree(tree, '莲湖');
    expect(flattenTree(cut).map((n) => n.name)).toEqual(['陕西省林业局', '西安市林业局', '莲湖区林业局']);
    expect(expand.sort()).toEqual([1, 2]);
    expect(matches).toBe(1);
  });

  it('finds by division code, and a matching city keeps all its counties', () => {
    const { tree: cut } = filterTree(tree, '6108');
    expect(flattenTree(cut).map((n) => n.id)).toEqual([1, 3, 6]);
    const { tree: city } = filterTree(tree, '榆林');
    expect(flattenTree(city).map((n) => n.id)).toEqual([1, 3, 6]);
  });

  it('gives an empty tree when nothing matches, without changing the original', () => {
    expect(filterTree(tree, '汉中').tree).toEqual([]);
    expect(flattenTree(tree)).toHaveLength(6);
  });
});
