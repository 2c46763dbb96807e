import { useRef } from 'react';
import Button from 'antd/es/button';
import Progress from 'antd/es/progress';
import CameraOutlined from '@ant-design/icons/es/icons/CameraOutlined';
import { TASK_PHOTO_MAX_BYTES, type TaskPhoto } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { taskPhotoHref, uploadTaskPhoto } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';
import '../../../i18n/notices';
import { formatBytes, sizeLimitExceeded } from '../../../request/upload-limit';
import { formatDistance } from './distance';

/** One photo on its way up, up, or failed. */
export interface PhotoSlot {
  key: number;
  file: File;
  /** 0–1 while uploading */
  progress: number;
  photo: TaskPhoto | null;
  failed: boolean;
  /** why it was not sent: over the size limit (no retry offered) */
  tooLarge?: string;
}

let serial = 0;

/**
 * The photos of a step, for a phone in the field: the camera opens from the button (`capture`),
 * each photo starts uploading at once on its own (one lost connection loses one photo, which then
 * offers 重试), with its progress; an uploaded photo shows its thumbnail and how far from the task
 * it was taken (its EXIF position, read by the server). `onChange` gets the slots, so the form
 * knows which photo ids to send and whether any is still on its way.
 */
export function PhotoUploader({ taskId, slots, onChange }: { taskId: number; slots: PhotoSlot[]; onChange: (slots: PhotoSlot[]) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  // the latest slots, for uploads that finish after later changes
  const latest = useRef(slots);
  latest.current = slots;
  const replace = (next: PhotoSlot[]) => {
    latest.current = next;
    onChange(next);
  };
  const patch = (key: number, change: Partial<PhotoSlot>) => replace(latest.current.map((slot) => (slot.key === key ? { ...slot, ...change } : slot)));

  const send = (slot: PhotoSlot) => {
    // over the limit: refused here, before a byte is sent (the server would refuse it too)
    const limit = sizeLimitExceeded(slot.file, TASK_PHOTO_MAX_BYTES);
    if (limit !== null) {
      patch(slot.key, {
        failed: true,
        tooLarge: t('nt.documents.tooLarge', { limit: formatBytes(limit), name: slot.file.name, size: formatBytes(slot.file.size) }),
      });
      return;
    }
    patch(slot.key, { failed: false, progress: 0 });
    uploadTaskPhoto(taskId, slot.file, (progress) => patch(slot.key, { progress })).then(
      (photo) => patch(slot.key, { photo, progress: 1 }),
      () => patch(slot.key, { failed: true }),
    );
  };

  const add = (files: FileList | null) => {
    const added = [...(files ?? [])].map((file) => ({ key: ++serial, file, progress: 0, photo: null, failed: false }));
    replace([...latest.current, ...added]);
    for (const slot of added) send(slot);
    if (input.current) input.current.value = '';
  };

  return (
    <div className="vf-photos">
      <input ref={input} type="file" accept="image/*" capture="environment" multiple hidden onChange={(event) => add(event.target.files)} />
      <Button icon={<CameraOutlined aria-hidden />} size="large" block onClick={() => input.current?.click()}>
        {t('verification.form.addPhotos')}
      </Button>
      <ul className="vf-photo-list">
        {slots.map((slot) => (
          <li key={slot.key} className="vf-photo">
            {slot.photo ? (
              <img src={taskPhotoHref(slot.photo.id)} alt={slot.file.name} width={64} height={64} />
            ) : (
              <span className="vf-photo-placeholder" aria-hidden="true">
                <CameraOutlined aria-hidden />
              </span>
            )}
            <div className="vf-photo-body">
              <div className="vf-photo-name">{slot.file.name}</div>
              {slot.photo ? (
                <div className="vf-photo-where">
                  {slot.photo.distanceMetres === null
                    ? t('verification.form.photoNoPosition')
                    : t('verification.form.photoAt', { distance: formatDistance(slot.photo.distanceMetres, currentLocale()) })}
                </div>
              ) : slot.tooLarge ? (
                <div className="vf-photo-failed">{slot.tooLarge}</div>
              ) : slot.failed ? (
                <div className="vf-photo-failed">
                  {t('verification.form.uploadFailed')}{' '}
                  <Button size="small" onClick={() => send(slot)}>
                    {t('verification.form.retry')}
                  </Button>
                </div>
              ) : (
                <Progress
                  percent={Math.round(slot.progress * 100)}
                  size="small"
                  aria-label={t('verification.form.uploading', { percent: Math.round(slot.progress * 100) })}
                />
              )}
            </div>
            <Button type="text" size="small" onClick={() => replace(latest.current.filter((s) => s.key !== slot.key))}>
              {t('verification.form.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
