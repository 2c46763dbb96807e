import { useEffect, useState } from 'react';
import DatePicker from 'antd/es/date-picker';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import type { NoticeSummary } from '@eco/contracts/notices';
import { useTranslation } from 'react-i18next';

/**
 * Publishing a notice: now, or at a chosen time (in the visitor's time zone, sent as ISO 8601 with
 * its offset). A future time schedules it: the server shows it to readers from then on by itself.
 * A time in the past is never sent (the server would refuse it, NOTICE_SCHEDULE_IN_PAST): past
 * days cannot be picked, and a time that has passed while the dialog was open asks whether to
 * publish now instead.
 *
 * @param onPublish receives the time (null = now); resolves when done, rejects to keep the dialog open
 */
export function PublishModal({
  notice,
  onClose,
  onPublish,
}: {
  notice: NoticeSummary | null;
  onClose: () => void;
  onPublish: (publishAt: string | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'now' | 'schedule'>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  const run = async (publishAt: string | null) => {
    setBusy(true);
    try {
      await onPublish(publishAt);
      onClose();
    } catch {
      // the request layer has said why
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (notice) {
      setMode('now');
      setAt(dayjs().add(1, 'hour').startOf('hour'));
    }
  }, [notice]);

  return (
    <Modal
      open={notice !== null}
      title={notice ? t('nt.manage.publishTitle', { title: notice.title }) : ''}
      okText={t(mode === 'now' ? 'nt.manage.publishNow' : 'nt.manage.schedule')}
      cancelText={t('nt.manage.cancel')}
      okButtonProps={{ disabled: mode === 'schedule' && !at, loading: busy }}
      onCancel={onClose}
      onOk={async () => {
        if (mode === 'now' || !at) return run(null);
        if (!at.isBefore(dayjs())) return run(at.format());
        await modal.confirm({
          title: t('nt.manage.pastTitle'),
          content: t('nt.manage.pastBody', { time: at.format('YYYY-MM-DD HH:mm') }),
          okText: t('nt.manage.publishNow'),
          cancelText: t('nt.manage.cancel'),
          onOk: () => run(null),
        });
      }}
      destroyOnHidden
    >
      {modalHolder}
      <Radio.Group
        value={mode}
        onChange={(e) => setMode(e.target.value as 'now' | 'schedule')}
        options={[
          { value: 'now', label: t('nt.manage.publishNow') },
          { value: 'schedule', label: t('nt.manage.schedule') },
        ]}
      />
      {mode === 'schedule' && (
        <div className="publish-at">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={at}
            onChange={(value) => setAt(value)}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            aria-label={t('nt.manage.publishAt')}
            placeholder={t('nt.manage.publishAt')}
          />
        </div>
      )}
      <Typography.Paragraph type="secondary" className="publish-hint">
        {t('nt.manage.publishHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
