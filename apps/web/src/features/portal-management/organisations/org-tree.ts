/** Pure helpers over the organisation tree (province → city → county). */
import type { OrganisationNode } from '@eco/contracts/users';

/** Every node of `roots`, depth first (parents before their children). */
export function flattenTree(roots: readonly OrganisationNode[]): OrganisationNode[] {
  const out: OrganisationNode[] = [];
  const walk = (nodes: readonly OrganisationNode[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/**
 * The tree cut down to the nodes whose name or division code contains `query` (ignoring case and
 * surrounding spaces), with their ancestors so each match keeps its place; an empty query gives the
 * whole tree. Also returns the ids to expand so every match is visible.
 */
export function filterTree(roots: readonly OrganisationNode[], query: string): { tree: OrganisationNode[]; expand: number[]; matches: number } {
  const q = query.trim().toLowerCase();
  if (!q) return { tree: [...roots], expand: roots.map((r) => r.id), matches: 0 };
  const expand = new Set<number>();
  let matches = 0;
  const cut = (nodes: readonly OrganisationNode[]): OrganisationNode[] =>
    nodes.flatMap((node) => {
      const hit = node.name.toLowerCase().includes(q) || node.code.includes(q);
      if (hit) matches++;
      const kept = cut(node.children);
      if (kept.length > 0) expand.add(node.id);
      // a matching organisation keeps all its children (a city found by name shows its counties)
      if (hit) return [node];
      return kept.length > 0 ? [{ ...node, children: kept }] : [];
    });
  const tree = cut(roots);
  return { tree, expand: [...expand], matches };
}
