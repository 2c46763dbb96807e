import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useVerificationKinds } from '../../../api/verification';
import '../../../i18n/verification';
import { useInitialState } from '../../../state/initial-state';
import { useQueryState } from '../use-query-state';
import { ChangePatchImportCard } from './ChangePatchImportCard';
import { CountyBoundariesCard } from './CountyBoundariesCard';
import { ImportCard } from './ImportCard';
import { KindRulesCard } from './KindRulesCard';
import { StatisticsCard } from './StatisticsCard';
import { TasksCard } from './TasksCard';
import './verification.css';

type Tab = 'tasks' | 'statistics' | 'import';

/**
 * 核查任务 (administrators, editors, staff; docs/verification.md): the tasks within the user's
 * organisation scope and the step each may take (下发 → 核查 → 反馈 → 审核 → 销号), the
 * statistics, and for province-level users (administrators, users of the province organisation
 * or of none) the imports: FIRMS hotspots, change patches and (administrators) county boundaries and
 * the kinds' deadline rules.
 * The tab is in the address (`?tab=`).
 */
export default function VerificationSection() {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  const [params, update] = useQueryState();
  const kinds = useVerificationKinds().data ?? [];
  const province = currentUser?.role === 'admin' || !currentUser?.organisation || currentUser.organisation.level === 'province';
  const tabs: Tab[] = province ? ['tasks', 'statistics', 'import'] : ['tasks', 'statistics'];
  const tab = tabs.find((key) => key === params.get('tab')) ?? 'tasks';
  const panes = {
    tasks: <TasksCard kinds={kinds} province={province} />,
    statistics: <StatisticsCard kinds={kinds} />,
    import: (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <ImportCard />
        <ChangePatchImportCard />
        {currentUser?.role === 'admin' && <CountyBoundariesCard />}
        {currentUser?.role === 'admin' && <KindRulesCard kinds={kinds} />}
      </Space>
    ),
  };

  return (
    <Tabs
      activeKey={tab}
      onChange={(key) =>
        update({ tab: key === 'tasks' ? undefined : key, task: undefined, kind: undefined, status: undefined, division: undefined, overdue: undefined })
      }
      items={tabs.map((key) => ({ key, label: t(`verification.tabs.${key}`), children: panes[key] }))}
      destroyOnHidden
    />
  );
}
