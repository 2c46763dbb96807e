import { Link } from 'react-router-dom';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import '../../i18n/notices';
import { useNotices } from '../../api/notices';

/** The 5 notices readers see first on the notices page (pinned, then newest), each linking to it in full. */
export function LatestNotices() {
  const { t } = useTranslation();
  const notices = useNotices({ pageSize: 5 });
  if (notices.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const items = notices.data?.items ?? [];
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nt.home.empty')} />;
  return (
    <ul className="latest-list latest-notices">
      {items.map((n) => (
        <li key={n.id}>
          <Link to={`/notification-announcement?id=${n.id}`} className="latest-title">
            {n.title}
          </Link>
          <div className="latest-meta">
            <Tag color={n.pinned ? 'red' : 'blue'}>{n.pinned ? t('nt.list.pinned') : t(`nt.categories.${n.category}`)}</Tag>
            <time dateTime={n.publishAt ?? undefined}>{n.publishAt ? dayjs(n.publishAt).format('YYYY-MM-DD') : ''}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}
