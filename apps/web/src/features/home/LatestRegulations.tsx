import { Link } from 'react-router-dom';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useLatestRegulations } from '../../api/regulations';
import { RegulationStatusTag } from '../../components/RegulationStatusTag';

/**
 * The newest technical regulations on /home (title linking to the regulation, code, issue date,
 * status), asking for them itself so their answer re-renders only this list.
 */
export function LatestRegulations() {
  const { t } = useTranslation();
  const regulations = useLatestRegulations();
  if (regulations.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const items = regulations.data?.items ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="latest-list">
      {items.map((r) => (
        <li key={r.id}>
          <Link to={`/technical-regulations?id=${r.id}`} className="latest-title">
            {r.title}
          </Link>
          <div className="latest-meta">
            <Tag className="code-tag">{r.code}</Tag>
            <span>{r.issuedOn ?? t('common.unknown')}</span>
            <RegulationStatusTag status={r.status} />
          </div>
        </li>
      ))}
    </ul>
  );
}
