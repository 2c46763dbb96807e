import Button from 'antd/es/button';
import Collapse from 'antd/es/collapse';
import Empty from 'antd/es/empty';
import message from 'antd/es/message';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import dayjs from 'dayjs';
import type { Tool, ToolVersion } from '@eco/contracts/tools';
import { useTranslation } from 'react-i18next';
import { toolVersionHref, useToolDownloads } from '../../api/tools';
import { Panel } from '../../components/Panel';
import '../../i18n/applications';
import './download-tools.css';

/** Bytes as people read them: 812 B, 3.4 KB, 12.0 MB (1 KB = 1024 B). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function Sha256({ value }: { value: string }) {
  const { t } = useTranslation();
  return (
    <span className="tool-sha">
      <code title="SHA-256">{value}</code>
      <Button size="small" type="link" onClick={() => void navigator.clipboard?.writeText(value).then(() => message.success(t('apps.tools.downloads.copied')))}>
        {t('apps.tools.downloads.copy')}
      </Button>
    </span>
  );
}

function ToolCard({ tool }: { tool: Tool }) {
  const { t } = useTranslation();
  const latest = tool.latest;
  const earlier = tool.versions.slice(1);
  return (
    <article className="tool-card" aria-label={tool.name}>
      <header className="tool-card-head">
        <h3 className="tool-card-name">{tool.name}</h3>
        <Tag>{t(`apps.tools.downloads.platforms.${tool.platform}`)}</Tag>
        {latest && <Tag color="green">v{latest.version}</Tag>}
      </header>
      {tool.description && <p className="tool-card-description">{tool.description}</p>}
      {latest ? (
        <>
          <dl className="tool-facts">
            <dt>{t('apps.tools.downloads.size')}</dt>
            <dd>{formatSize(latest.size)}</dd>
            <dt>{t('apps.tools.downloads.updatedAt')}</dt>
            <dd>{dayjs(latest.createdAt).format('YYYY-MM-DD')}</dd>
            <dt>SHA-256</dt>
            <dd>
              <Sha256 value={latest.sha256} />
            </dd>
          </dl>
          {latest.releaseNotes && (
            <div className="tool-notes">
              <strong>{t('apps.tools.downloads.releaseNotes')}</strong>
              <p>{latest.releaseNotes}</p>
            </div>
          )}
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} href={toolVersionHref(latest.id)} download={latest.fileName} className="tool-download">
            {t('apps.tools.downloads.download')} {latest.fileName}
          </Button>
          {earlier.length > 0 && (
            <Collapse
              ghost
              size="small"
              items={[
                {
                  key: 'history',
                  label: t('apps.tools.downloads.history', { count: earlier.length }),
                  children: (
                    <Table<ToolVersion>
                      size="small"
                      rowKey="id"
                      pagination={false}
                      scroll={{ x: 'max-content' }}
                      dataSource={earlier}
                      columns={[
                        { title: t('apps.tools.downloads.version'), dataIndex: 'version' },
                        { title: t('apps.tools.downloads.updatedAt'), key: 'at', render: (_, v) => dayjs(v.createdAt).format('YYYY-MM-DD') },
                        { title: t('apps.tools.downloads.size'), key: 'size', render: (_, v) => formatSize(v.size) },
                        {
                          title: 'SHA-256',
                          key: 'sha',
                          render: (_, v) => (
                            <code className="tool-sha-short" title={v.sha256}>
                              {v.sha256.slice(0, 16)}…
                            </code>
                          ),
                        },
                        { title: t('apps.tools.downloads.releaseNotes'), dataIndex: 'releaseNotes', ellipsis: true },
                        {
                          title: '',
                          key: 'download',
                          render: (_, v) => (
                            <Button size="small" type="link" href={toolVersionHref(v.id)} download={v.fileName} icon={<DownloadOutlined aria-hidden />}>
                              {t('apps.tools.downloads.download')}
                            </Button>
                          ),
                        },
                      ]}
                    />
                  ),
                },
              ]}
            />
          )}
        </>
      ) : (
        <p className="tool-card-description">{t('apps.tools.downloads.noVersion')}</p>
      )}
    </article>
  );
}

/**
 * The downloads of /application-tools (`listToolDownloads`): each tool with its platform,
 * latest version (size, date, SHA-256 to check the download against, release notes) and earlier
 * versions, each downloadable.
 */
export function DownloadTools() {
  const { t } = useTranslation();
  const tools = useToolDownloads();
  return (
    <Panel title={t('apps.tools.downloads.title')} className="tool-panel">
      <p className="tool-intro">{t('apps.tools.downloads.intro')}</p>
      {tools.isPending ? (
        <Skeleton active />
      ) : (tools.data?.length ?? 0) === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apps.tools.downloads.empty')} />
      ) : (
        <div className="tool-list">
          {tools.data!.map((tool) => (
            <ToolCard key={tool.id} tool={tool} />
          ))}
        </div>
      )}
    </Panel>
  );
}
