import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Segmented from 'antd/es/segmented';
import AimOutlined from '@ant-design/icons/es/icons/AimOutlined';
import type { TaskAction, VerificationKind, VerificationTask } from '@eco/contracts/verification';
import { useTranslation } from 'react-i18next';
import { type TaskStep, useVerificationMutations } from '../../../api/verification';
import { currentLocale } from '../../../i18n/i18n';
import { formatDistance, metresBetween } from './distance';
import { type PhotoSlot, PhotoUploader } from './PhotoUploader';

interface Values {
  verdict?: string;
  note?: string;
}

/** Where the verifier is, as the browser's geolocation tells it. */
function useLocateMe(task: VerificationTask) {
  const [state, setState] = useState<{ busy: boolean; text: string | null; error: boolean }>({ busy: false, text: null, error: false });
  const { t } = useTranslation();
  const locate = () => {
    if (!navigator.geolocation) return setState({ busy: false, text: t('verification.form.locateFailed', { reason: 'geolocation' }), error: true });
    setState({ busy: true, text: null, error: false });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const metres = metresBetween([coords.longitude, coords.latitude], [task.longitude, task.latitude]);
        setState({ busy: false, text: t('verification.form.located', { distance: formatDistance(metres, currentLocale()) }), error: false });
      },
      (error) => setState({ busy: false, text: t('verification.form.locateFailed', { reason: error.message }), error: true }),
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  };
  return { ...state, locate };
}

/**
 * The step a user takes on a task now (`allowed`, from the server): 下发, 开始核查, 反馈 (verdict
 * from the kind's list, note, photos, locate me), 退回 (reason required), 办结 — one at a time,
 * chosen with a switch when several are allowed. Built for a phone at 390 px: full-width
 * controls, large buttons. The server checks every step again (docs/verification.md §Who does what).
 */
export function StepForm({ task, kind, allowed }: { task: VerificationTask; kind: VerificationKind | undefined; allowed: TaskAction[] }) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const steps = allowed.filter((a): a is TaskStep => a !== 'import');
  const [chosen, setChosen] = useState<TaskStep | null>(null);
  const step = chosen && steps.includes(chosen) ? chosen : (steps[0] ?? null);
  const [form] = Form.useForm<Values>();
  const [slots, setSlots] = useState<PhotoSlot[]>([]);
  const { step: take } = useVerificationMutations();
  const here = useLocateMe(task);
  if (!step) return <Alert type="info" showIcon title={t('verification.detail.noActions')} />;

  const uploading = slots.some((slot) => !slot.photo && !slot.failed);
  const takesPhotos = step !== 'dispatch';
  const submit = async (values: Values) => {
    const photoIds = takesPhotos ? slots.flatMap((slot) => (slot.photo ? [slot.photo.id] : [])) : [];
    const note = values.note?.trim() ? values.note.trim() : undefined;
    const body = { ...(step === 'feedback' ? { verdict: values.verdict } : {}), ...(note ? { note } : {}), ...(photoIds.length ? { photoIds } : {}) };
    await take.mutateAsync({ id: task.id, step, body: body as never });
    form.resetFields();
    setSlots([]);
  };

  return (
    <div className="vf-step">
      {steps.length > 1 && (
        <Segmented<TaskStep> block value={step} onChange={setChosen} options={steps.map((s) => ({ value: s, label: t(`verification.actions.${s}`) }))} />
      )}
      {(step === 'start' || step === 'feedback') && (
        <div className="vf-locate">
          <Button icon={<AimOutlined aria-hidden />} size="large" block loading={here.busy} onClick={here.locate}>
            {here.busy ? t('verification.form.locating') : t('verification.form.locate')}
          </Button>
          {here.text && <Alert type={here.error ? 'warning' : 'success'} showIcon title={here.text} />}
        </div>
      )}
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        {step === 'feedback' && (
          <Form.Item name="verdict" label={t('verification.form.verdict')} rules={[{ required: true, message: t('verification.form.verdictRequired') }]}>
            <Radio.Group className="vf-verdicts" options={(kind?.verdicts ?? []).map((v) => ({ value: v.code, label: zh ? v.zh : v.en }))} />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={step === 'return' ? t('verification.form.returnNote') : t('verification.form.note')}
          rules={step === 'return' ? [{ required: true, whitespace: true, message: t('verification.form.returnRequired') }] : []}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t('verification.form.notePlaceholder')} />
        </Form.Item>
        {takesPhotos && (
          <Form.Item label={t('verification.form.photos')}>
            <PhotoUploader taskId={task.id} slots={slots} onChange={setSlots} />
          </Form.Item>
        )}
        {uploading && <Alert type="info" showIcon title={t('verification.form.waitUploads')} className="vf-wait" />}
        <Button type="primary" htmlType="submit" size="large" block disabled={uploading} loading={take.isPending}>
          {t(`verification.actions.${step}`)}
        </Button>
      </Form>
    </div>
  );
}
