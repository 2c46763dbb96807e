import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Grid from 'antd/es/grid';
import InputNumber from 'antd/es/input-number';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { type CameraTrapItem, MAX_COUNT, type ReviewOutcome, UNKNOWN_LABEL } from '@eco/contracts/camera-trap';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewMutation } from '../../../api/camera-trap';
import { detectionImageHref } from '../../../api/sensing';
import { currentLocale } from '../../../i18n/i18n';
import '../../../i18n/camera-trap';
import { formatTime } from '../format';
import { LevelTag } from './LevelTag';
import { STATUS_COLOURS } from './PhotoCard';
import { SpeciesSelect } from './SpeciesSelect';
import { speciesName } from './species-name';

const MARKS: Exclude<ReviewOutcome, 'confirmed' | 'corrected'>[] = ['blank', 'human', 'vehicle', 'unidentifiable'];

/**
 * The review of one photo: the large image (the original, as the camera held it: browsers apply
 * the EXIF orientation), the AI label with its confidence, and the answers 确认 / 更正 (a species
 * searched in the national list) / 空拍 / 人 / 车辆 / 无法识别 with the count. After saving, moves
 * on to `next` when there is one (a reviewer works through the queue), else closes.
 */
export function ReviewDrawer({
  item,
  onClose,
  onNavigate,
  hasPrevious,
  hasNext,
}: {
  item: CameraTrapItem | null;
  onClose: () => void;
  onNavigate: (step: -1 | 1) => void;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const zh = currentLocale() === 'zh-CN';
  const review = useReviewMutation();
  const [species, setSpecies] = useState<string | undefined>();
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    setSpecies(item?.review.status === 'corrected' ? item.review.species?.scientificName : undefined);
    // an unlabelled upload says 0 animals: leave the count empty so the server's default (at least 1 for a species) applies
    setCount(item ? (item.review.count ?? (item.count > 0 ? item.count : null)) : null);
  }, [item]);

  if (!item) return <Drawer open={false} onClose={onClose} />;
  const unknown = item.label.scientificName === UNKNOWN_LABEL;
  const save = async (status: ReviewOutcome) => {
    const body =
      status === 'corrected'
        ? { status, scientificName: species, count: count ?? undefined }
        : status === 'blank'
          ? { status }
          : { status, count: count ?? undefined };
    const saved = await review.mutateAsync({ id: item.id, body });
    void message.success(
      saved.verificationTaskId && !item.verificationTaskId ? t('cameraTrap.review.task', { id: saved.verificationTaskId }) : t('cameraTrap.review.saved'),
    );
    if (hasNext) onNavigate(1);
    else onClose();
  };
  const full = item.imageUrl ? detectionImageHref({ id: item.id, imageSha256: item.imageSha256 }, 'full') : null;

  return (
    <Drawer
      open
      onClose={onClose}
      title={t('cameraTrap.review.title')}
      size={screens.lg ? 720 : '100%'}
      destroyOnHidden
      extra={
        <Space>
          <Button disabled={!hasPrevious} onClick={() => onNavigate(-1)}>
            {t('cameraTrap.review.previous')}
          </Button>
          <Button disabled={!hasNext} onClick={() => onNavigate(1)}>
            {t('cameraTrap.review.next')}
          </Button>
        </Space>
      }
    >
      <div className="ct-large">
        {item.damaged || !full ? (
          <div className="ct-large-missing">{item.damaged ? t('cameraTrap.damaged') : t('cameraTrap.noImage')}</div>
        ) : (
          <a href={full} target="_blank" rel="noreferrer" title={t('cameraTrap.review.original')}>
            <img src={full} alt={speciesName(item.label, zh, t('cameraTrap.unknownLabel'))} />
          </a>
        )}
      </div>
      {item.damaged && (
        <Alert
          type="warning"
          showIcon
          title={t('cameraTrap.damagedHint')}
          action={
            full && (
              <Button size="small" href={full} target="_blank">
                {t('cameraTrap.review.original')}
              </Button>
            )
          }
          style={{ marginTop: 12 }}
        />
      )}
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'label',
            label: t('cameraTrap.aiLabel'),
            children: (
              <Space size={6} wrap>
                {speciesName(item.label, zh, t('cameraTrap.unknownLabel'))}
                <LevelTag level={item.label.level} />
                {!unknown && !item.label.level && <Tag>{t('cameraTrap.unlisted')}</Tag>}
                {item.confidence !== null && t('cameraTrap.confidence', { value: `${Math.round(item.confidence * 100)}%` })}
              </Space>
            ),
          },
          { key: 'time', label: t('cameraTrap.takenAt'), children: formatTime(item.phenomenonTime, true) },
          {
            key: 'site',
            label: t('cameraTrap.site'),
            children: `${item.site.name} (${item.site.code})${item.site.cityName ? ` · ${item.site.cityName}` : ''}`,
          },
          {
            key: 'review',
            label: t('cameraTrap.review.current'),
            children: (
              <Space size={6} wrap>
                <Tag color={STATUS_COLOURS[item.review.status]}>{t(`cameraTrap.statuses.${item.review.status}`)}</Tag>
                {item.review.species && speciesName(item.review.species, zh, '')}
                {item.review.species && <LevelTag level={item.review.species.level} />}
                {item.review.reviewedAt && (
                  <span className="ct-muted">
                    {t('cameraTrap.review.by', { who: item.review.reviewedBy ?? '—', time: formatTime(item.review.reviewedAt) })}
                  </span>
                )}
                {item.verificationTaskId && <Tag color="processing">{t('cameraTrap.review.task', { id: item.verificationTaskId })}</Tag>}
              </Space>
            ),
          },
        ]}
      />
      <Divider />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div className="ct-field">
          <label htmlFor="ct-count">{t('cameraTrap.count')}</label>
          <InputNumber id="ct-count" min={0} max={MAX_COUNT} precision={0} value={count} onChange={(v) => setCount(v)} style={{ width: 120 }} />
        </div>
        {unknown ? (
          <Alert type="info" showIcon title={t('cameraTrap.review.confirmUnknown')} />
        ) : (
          <Button type="primary" block loading={review.isPending} onClick={() => void save('confirmed')}>
            {t('cameraTrap.review.confirm')}
          </Button>
        )}
        <div className="ct-field">
          <label htmlFor="ct-species">{t('cameraTrap.review.species')}</label>
          <div className="ct-correct">
            <SpeciesSelect id="ct-species" value={species} onChange={setSpecies} />
            <Button disabled={!species} loading={review.isPending} onClick={() => void save('corrected')}>
              {t('cameraTrap.review.correct')}
            </Button>
          </div>
        </div>
        <div className="ct-marks">
          {MARKS.map((status) => (
            <Button key={status} loading={review.isPending} onClick={() => void save(status)}>
              {t(`cameraTrap.review.${status}`)}
            </Button>
          ))}
        </div>
      </Space>
    </Drawer>
  );
}
