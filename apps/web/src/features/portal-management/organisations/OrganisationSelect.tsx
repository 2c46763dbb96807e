import TreeSelect from 'antd/es/tree-select';
import type { OrganisationNode } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { useOrganisations } from '../../../api/organisations';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
const toOptions = (nodes: readonly OrganisationNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

/**
 * Picks one organisation from the tree (searchable by name), or none. Used by the user list's
 * filter and the user form.
 */
export function OrganisationSelect({
  value,
  onChange,
  placeholder,
  className,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  className?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const organisations = useOrganisations();
  const roots = organisations.data ?? [];
  return (
    <TreeSelect<number>
      id={id}
      className={className}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholder}
      // inside a form the field's label names it; as a filter the placeholder does
      aria-label={id ? undefined : placeholder}
      loading={organisations.isPending}
      treeData={toOptions(roots)}
      treeDefaultExpandedKeys={roots.map((r) => r.id)}
      notFoundContent={t('pm.organisations.empty')}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 400, minWidth: 260 } } }}
    />
  );
}
