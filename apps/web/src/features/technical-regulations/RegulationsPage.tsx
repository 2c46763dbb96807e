import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from 'antd/es/button';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { REGULATION_STATUSES, type RegulationStatus } from '@eco/contracts/regulation-status';
import { useTranslation } from 'react-i18next';
import { useRegulationCategories, useRegulations } from '../../api/regulations';
import { RegulationTable } from './RegulationTable';
import { useDeferredList } from '../../components/use-deferred-list';
import { searchEnterButton } from '../../components/search-enter-button';
import './regulations.css';

const PAGE_SIZE = 10;

/** The detail drawer's code (Descriptions, the document list…) is fetched when a regulation is first opened, not with the list (issue 13 item 9). */
const RegulationDetailDrawer = lazy(() => import('./RegulationDetailDrawer').then((m) => ({ default: m.RegulationDetailDrawer })));

/**
 * /technical-regulations (技术规范): the regulations library with keyword search over code and
 * title, filters by category and status (derived from dates), a paged table ({@link RegulationTable}) and a detail drawer.
 * Every filter lives in the address (`?keyword=&category=&status=&page=&id=`), so views can be shared.
 */
export default function RegulationsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const category = params.get('category') ?? undefined;
  const statusParam = params.get('status');
  const status = (REGULATION_STATUSES as readonly string[]).includes(statusParam ?? '') ? (statusParam as RegulationStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const [draft, setDraft] = useState(keyword);
  // mounted from the first opening on, so closing it still animates
  const [drawerUsed, setDrawerUsed] = useState(openId !== null);
  if (openId !== null && !drawerUsed) setDrawerUsed(true);

  const list = useRegulations({ keyword: keyword || undefined, category, status, page, pageSize: PAGE_SIZE });
  const categories = useRegulationCategories();

  /** a new address from the current one; filter changes go back to page 1 */
  const update = (changes: Record<string, string | number | undefined>, resetPage = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries({ ...(resetPage ? { page: undefined } : {}), ...changes })) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const linkTo = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(id));
    return `/technical-regulations?${next.toString()}`;
  };

  // the list is built again when its deferred values change (components/use-deferred-list.ts)
  const { shown, fetching, firstLoad } = useDeferredList(list);
  // biome-ignore lint/correctness/useExhaustiveDependencies: linkTo and update are made from params (and setParams) each render
  const table = useMemo(
    () => (
      <RegulationTable
        items={shown?.items ?? []}
        total={shown?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        fetching={fetching}
        labelledBy="regulations-title"
        linkTo={linkTo}
        onPageChange={(next) => update({ page: next }, false)}
      />
    ),
    [shown, fetching, page, params],
  );

  return (
    <div className="page regulations-page">
      <h2 className="page-title" id="regulations-title">
        {t('regulations.title')}
      </h2>
      <p className="page-subtitle">{t('regulations.subtitle')}</p>
      <div className={firstLoad ? 'content-panel list-first-load' : 'content-panel'}>
        <div className="regulation-filters">
          <Input.Search
            className="regulation-keyword"
            allowClear
            value={draft}
            placeholder={t('regulations.keywordPlaceholder')}
            aria-label={t('common.search')}
            enterButton={searchEnterButton(t('common.search'))}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(value) => update({ keyword: value.trim() })}
          />
          <Select
            className="regulation-category"
            allowClear
            placeholder={t('regulations.category')}
            aria-label={t('regulations.category')}
            value={category}
            loading={categories.isPending}
            options={(categories.data ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(value?: string) => update({ category: value })}
          />
          <Select
            className="regulation-status"
            allowClear
            placeholder={t('regulations.status')}
            aria-label={t('regulations.status')}
            value={status}
            options={REGULATION_STATUSES.map((s) => ({ value: s, label: t(`regulations.statuses.${s}`) }))}
            onChange={(value?: RegulationStatus) => update({ status: value })}
          />
          <Button
            icon={<UndoOutlined aria-hidden />}
            onClick={() => {
              setDraft('');
              setParams(new URLSearchParams());
            }}
          >
            {t('common.reset')}
          </Button>
        </div>
        {table}
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <RegulationDetailDrawer id={openId} linkTo={linkTo} onClose={() => update({ id: undefined }, false)} />
        </Suspense>
      )}
    </div>
  );
}
