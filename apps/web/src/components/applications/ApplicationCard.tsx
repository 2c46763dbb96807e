import Button from 'antd/es/button';
import dayjs from 'dayjs';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import type { ApplicationStatus, ApplicationTile } from '@eco/contracts/applications';
import { useTranslation } from 'react-i18next';
import '../../i18n/applications';
import { ApplicationIcon } from './ApplicationIcon';
import { useAccessText } from './use-access-text';
import './applications.css';

const STATUS_COLOURS: Record<ApplicationStatus, string> = { online: 'success', maintenance: 'warning', offline: 'default' };

export interface ApplicationCardProps {
  tile: ApplicationTile;
  onLaunch: (tile: ApplicationTile) => void;
  /** shown only for signed-in users; omitted → no favourite button */
  onFavourite?: (tile: ApplicationTile) => void;
  /** a smaller tile without description and access line (the /home entry tiles) */
  compact?: boolean;
}

/**
 * One application system as a tile: icon, name, status (在线 / 维护中 / 已下线), category,
 * description, who may use it, and why this visitor cannot open it when they cannot. The whole
 * tile is one launch button (keyboard and screen readers included); the star toggles the favourite.
 * (Whether a system is a seeded example is shown in the back office, not to visitors.)
 */
export function ApplicationCard({ tile, onLaunch, onFavourite, compact }: ApplicationCardProps) {
  const { t } = useTranslation();
  const accessText = useAccessText();
  const className = ['app-card', compact ? 'app-card-compact' : '', tile.canOpen ? '' : 'app-card-blocked', `app-card-${tile.status}`]
    .filter(Boolean)
    .join(' ');
  return (
    <article className={className} aria-label={tile.name} data-code={tile.code}>
      <button type="button" className="app-card-main" onClick={() => onLaunch(tile)} aria-describedby={`app-card-hint-${tile.id}`}>
        <span className="app-card-icon" aria-hidden="true">
          <ApplicationIcon name={tile.icon} />
        </span>
        <span className="app-card-text">
          <span className="app-card-name">{tile.name}</span>
          <span className="app-card-meta">
            <Tag color={STATUS_COLOURS[tile.status]} className="app-card-status">
              {t(`apps.status.${tile.status}`)}
            </Tag>
            {!compact && <span className="app-card-category">{tile.category}</span>}
          </span>
        </span>
      </button>
      {!compact && tile.description && <p className="app-card-description">{tile.description}</p>}
      {!compact && tile.status === 'maintenance' && tile.maintenanceNotice && <p className="app-card-notice">{tile.maintenanceNotice}</p>}
      <footer className="app-card-foot">
        <span id={`app-card-hint-${tile.id}`} className={tile.canOpen ? 'app-card-access' : 'app-card-why'}>
          {tile.canOpen ? (
            compact ? (
              tile.lastLaunchedAt ? (
                t('apps.lastLaunched', { time: dayjs(tile.lastLaunchedAt).format('MM-DD HH:mm') })
              ) : (
                t('apps.open')
              )
            ) : (
              accessText(tile)
            )
          ) : (
            <>
              <LockOutlined aria-hidden /> {t(`apps.blocked.${tile.blockedBy!}`)}
            </>
          )}
        </span>
        {onFavourite && (
          <Tooltip title={tile.favourite ? t('apps.unfavourite') : t('apps.favourite')}>
            <Button
              type="text"
              size="small"
              className="app-card-star"
              aria-pressed={tile.favourite}
              aria-label={`${tile.favourite ? t('apps.unfavourite') : t('apps.favourite')} ${tile.name}`}
              icon={tile.favourite ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
              onClick={() => onFavourite(tile)}
            />
          </Tooltip>
        )}
      </footer>
    </article>
  );
}
