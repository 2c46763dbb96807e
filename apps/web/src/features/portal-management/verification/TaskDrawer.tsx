import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Grid from 'antd/es/grid';
import Image from 'antd/es/image';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Timeline from 'antd/es/timeline';
import type { TaskPhoto, VerificationKind } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { taskPhotoHref, useVerificationTask } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';
import { formatTime } from '../format';
import { formatDistance } from './distance';
import { StepForm } from './StepForm';
import { StatusTag } from './StatusTag';

function Photos({ photos }: { photos: TaskPhoto[] }) {
  const { t } = useTranslation();
  if (photos.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} className="vf-step-photos">
        {photos.map((photo) => (
          <figure key={photo.id}>
            <Image src={taskPhotoHref(photo.id)} preview={{ src: taskPhotoHref(photo.id, 'full') }} width={88} height={88} alt={`#${photo.id}`} />
            <figcaption>
              {photo.distanceMetres === null
                ? t('verification.form.photoNoPosition')
                : t('verification.form.photoAt', { distance: formatDistance(photo.distanceMetres, currentLocale()) })}
            </figcaption>
          </figure>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * One task (`id`; null: closed): where and what it is, its history with each step's note and
 * photos, and below, the step the user may take now (StepForm). Full width on a phone.
 */
export function TaskDrawer({ id, kinds, onClose }: { id: number | null; kinds: VerificationKind[]; onClose: () => void }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const phone = Grid.useBreakpoint().md === false;
  const detail = useVerificationTask(id);
  const data = detail.data && detail.data.task.id === id ? detail.data : undefined;
  const kind = data ? kinds.find((k) => k.code === data.task.kind) : undefined;
  const named = (v: { zh: string; en: string } | undefined, code: string | null) => (v ? (zh ? v.zh : v.en) : (code ?? '—'));

  return (
    <Drawer open={id !== null} onClose={onClose} size={phone ? '100%' : 640} title={id === null ? '' : t('verification.detail.title', { id })} destroyOnHidden>
      {data && (
        <div className="vf-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('verification.columns.kind')}>
              {named(kind, data.task.kind)} <StatusTag task={data.task} />
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.position')}>
              {data.task.latitude.toFixed(5)}° N, {data.task.longitude.toFixed(5)}° E
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.division')}>
              {data.task.cityName === data.task.divisionName ? data.task.cityName : `${data.task.cityName} ${data.task.divisionName}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.organisation')}>{data.task.organisation?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.detectedAt')}>{formatTime(data.task.detectedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.deadline')}>
              {data.task.deadlineAt ? formatTime(data.task.deadlineAt) : '—'}
              {data.task.overdue && (
                <Tag color="red" className="vf-overdue">
                  {t('verification.overdue')}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.verdict')}>
              {data.task.verdict
                ? named(
                    kind?.verdicts.find((v) => v.code === data.task.verdict),
                    data.task.verdict,
                  )
                : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.source')}>
              {data.task.source} <span className="vf-source-id">{data.task.sourceId}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('verification.detail.properties')}>
              <span className="vf-properties">
                {Object.entries(data.task.properties)
                  .map(([key, value]) => `${key}: ${value ?? '—'}`)
                  .join(' · ')}
              </span>
            </Descriptions.Item>
          </Descriptions>

          <h3 className="vf-heading">{t('verification.detail.history')}</h3>
          <Timeline
            items={data.steps.map((step) => ({
              key: step.id,
              color: step.action === 'return' ? 'red' : step.action === 'close' ? 'green' : 'blue',
              content: (
                <div className="vf-history-step">
                  <div>
                    <b>{t(`verification.actions.${step.action}`)}</b> ·{' '}
                    {step.actorName ?? (step.actorAccount === 'system' ? t('verification.detail.system') : step.actorAccount)} · {formatTime(step.at)}
                  </div>
                  {step.verdict && (
                    <div>
                      {named(
                        kind?.verdicts.find((v) => v.code === step.verdict),
                        step.verdict,
                      )}
                    </div>
                  )}
                  {step.note && <div className="vf-note">{step.note}</div>}
                  <Photos photos={data.photos.filter((photo) => photo.stepId === step.id)} />
                </div>
              ),
            }))}
          />
          <StepForm key={`${data.task.id}-${data.task.status}`} task={data.task} kind={kind} allowed={data.allowed} />
        </div>
      )}
    </Drawer>
  );
}
