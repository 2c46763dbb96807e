import { useEffect, useMemo, useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import message from 'antd/es/message';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import type { DataNode } from 'antd/es/tree';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import { ORGANISATION_NAME_MAX } from '@eco/contracts/roles';
import type { OrganisationNode } from '@eco/contracts/users';
import { useTranslation } from 'react-i18next';
import { filterTree, flattenTree } from './org-tree';
import { useOrganisations, useRenameOrganisation } from '../../../api/organisations';

/**
 * 组织机构 (administrators): the province → city → county tree of forestry and grassland agencies,
 * searchable by name or division code, each renamable (`renameOrganisation`).
 */
export default function OrganisationsSection() {
  const { t } = useTranslation();
  const organisations = useOrganisations();
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<OrganisationNode | null>(null);
  const roots = useMemo(() => organisations.data ?? [], [organisations.data]);
  const { tree, expand, matches } = useMemo(() => filterTree(roots, query), [roots, query]);
  const [expanded, setExpanded] = useState<number[]>([]);
  useEffect(() => setExpanded(expand), [expand]);
  const total = useMemo(() => flattenTree(roots).length, [roots]);

  const toData = (nodes: readonly OrganisationNode[]): DataNode[] =>
    nodes.map((node) => ({
      key: node.id,
      title: (
        <span className="org-node">
          <span className="org-name">{node.name}</span>
          <Tag className="org-level" variant="filled">
            {t(`pm.organisations.levels.${node.level}`)}
          </Tag>
          <span className="org-code">{node.code}</span>
          <Button
            type="text"
            size="small"
            className="org-rename"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('pm.organisations.renameLabel', { name: node.name })}
            onClick={(e) => {
              e.stopPropagation();
              setRenaming(node);
            }}
          >
            {t('pm.organisations.rename')}
          </Button>
        </span>
      ),
      children: toData(node.children),
    }));

  return (
    <Card title={t('pm.nav.organisations')} extra={total > 0 && <span className="pm-muted">{t('pm.organisations.count', { count: total })}</span>}>
      <p className="pm-intro">{t('pm.organisations.intro')}</p>
      <Input.Search
        className="pm-filter-keyword org-search"
        allowClear
        placeholder={t('pm.organisations.search')}
        aria-label={t('pm.organisations.search')}
        maxLength={50}
        onChange={(e) => setQuery(e.target.value)}
        onSearch={setQuery}
      />
      {query.trim() && <div className="pm-muted org-matches">{t('pm.organisations.matches', { count: matches })}</div>}
      {organisations.isPending ? (
        <div className="pm-loading">
          <Spin />
        </div>
      ) : tree.length === 0 ? (
        <Empty description={t('pm.organisations.empty')} />
      ) : (
        <Tree
          className="org-tree"
          blockNode
          selectable={false}
          treeData={toData(tree)}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys as number[])}
        />
      )}
      <RenameModal organisation={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}

function RenameModal({ organisation, onClose }: { organisation: OrganisationNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenameOrganisation();

  useEffect(() => {
    if (organisation) form.setFieldsValue({ name: organisation.name });
  }, [organisation, form]);

  const onFinish = async ({ name }: { name: string }) => {
    if (!organisation) return;
    try {
      await rename.mutateAsync({ id: organisation.id, name: name.trim() });
    } catch {
      return; // the request layer has said why
    }
    void message.success(t('pm.organisations.renamed'));
    onClose();
  };

  return (
    <Modal
      open={organisation !== null}
      title={t('pm.organisations.renameTitle')}
      okText={t('pm.common.save')}
      cancelText={t('pm.common.cancel')}
      confirmLoading={rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {organisation && (
        <p className="pm-muted">{t('pm.organisations.renameFor', { code: organisation.code, level: t(`pm.organisations.levels.${organisation.level}`) })}</p>
      )}
      <Form form={form} layout="vertical" className="pm-spaced" onFinish={(values) => void onFinish(values)} disabled={rename.isPending}>
        <Form.Item name="name" label={t('pm.organisations.name')} rules={[{ required: true, whitespace: true }, { max: ORGANISATION_NAME_MAX }]}>
          <Input autoComplete="off" maxLength={ORGANISATION_NAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
