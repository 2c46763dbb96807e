import Card from 'antd/es/card';
import Tag from 'antd/es/tag';
import type { CameraTrapItem, ReviewStatus } from '@eco/contracts/camera-trap';
import { useTranslation } from 'react-i18next';
import { detectionImageHref } from '../../../api/sensing';
import { currentLocale } from '../../../i18n/i18n';
import '../../../i18n/camera-trap';
import { formatTime } from '../format';
import { LevelTag } from './LevelTag';
import { speciesName } from './species-name';

export const STATUS_COLOURS: Record<ReviewStatus, string> = {
  new: 'blue',
  confirmed: 'green',
  corrected: 'cyan',
  blank: 'default',
  human: 'purple',
  vehicle: 'geekblue',
  unidentifiable: 'default',
};

/**
 * One photo of the queue as a card: the thumbnail (a fixed 4:3 box, or 已损坏 / 无图片), the
 * species (reviewed, else the AI label) with its level, the AI confidence in %, the time, the site
 * and the review status. The whole card is a button that opens the review.
 */
export function PhotoCard({ item, onOpen }: { item: CameraTrapItem; onOpen: () => void }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const species = item.review.species ?? item.label;
  const name = speciesName(species, zh, t('cameraTrap.unknownLabel'));
  return (
    <Card
      hoverable
      size="small"
      className="ct-card"
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      tabIndex={0}
      role="button"
      aria-label={`${t('cameraTrap.review.open')}: ${name}, ${item.site.name}, ${formatTime(item.phenomenonTime)}`}
      cover={
        <div className="ct-thumb">
          {item.thumbnailUrl ? (
            <img src={detectionImageHref({ id: item.id, imageSha256: item.imageSha256 }, 'thumb')} alt="" loading="lazy" decoding="async" />
          ) : (
            <span className={item.damaged ? 'ct-thumb-damaged' : 'ct-thumb-none'}>{item.damaged ? t('cameraTrap.damaged') : t('cameraTrap.noImage')}</span>
          )}
          <Tag className="ct-status" color={STATUS_COLOURS[item.review.status]}>
            {t(`cameraTrap.statuses.${item.review.status}`)}
          </Tag>
        </div>
      }
    >
      <div className="ct-card-species">
        <span className="ct-card-name" title={name}>
          {name}
        </span>
        <LevelTag level={species.level} />
      </div>
      {item.confidence !== null && !item.review.species && (
        <div className="ct-card-meta">{t('cameraTrap.confidence', { value: `${Math.round(item.confidence * 100)}%` })}</div>
      )}
      <div className="ct-card-meta">{formatTime(item.phenomenonTime)}</div>
      <div className="ct-card-meta ct-card-site" title={item.site.name}>
        {item.site.name}
        {item.site.cityName ? ` · ${item.site.cityName}` : ''}
      </div>
    </Card>
  );
}
