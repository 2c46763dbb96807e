import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { MAX_BATCH } from '@eco/contracts/sensing';
import { checkPayload, type PayloadCheck, type PayloadKind } from '@eco/contracts/sensing-payload';
import { Panel } from '../../components/Panel';

const EXAMPLES: Record<PayloadKind, string> = {
  observations: JSON.stringify(
    {
      observations: [
        { datastreamId: 101, phenomenonTime: '2024-05-01T08:00:00+08:00', result: 35.2, quality: 'valid' },
        { datastreamId: 102, phenomenonTime: '2024-05-01T08:00:00+08:00', result: '0.8' },
      ],
    },
    null,
    2,
  ),
  detections: JSON.stringify(
    {
      detections: [
        { phenomenonTime: '2024-05-01T03:12:00+08:00', scientificName: 'Ailuropoda melanoleuca', count: 1, confidence: 0.94 },
        { phenomenonTime: '2024-05-01T03:40:00+08:00', scientificName: 'Sus scrofa', unlisted: true, count: 3, confidence: 1.2 },
      ],
    },
    null,
    2,
  ),
};

/**
 * The device payload validator of /application-tools: paste a batch, see each malformed item with
 * its position, field and the rule it breaks. Runs in the page with the schemas the server uses
 * (`@eco/contracts/sensing-payload`); nothing is sent.
 */
export function PayloadValidator() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PayloadKind>('observations');
  const [text, setText] = useState('');
  const [check, setCheck] = useState<PayloadCheck | null>(null);

  return (
    <Panel title={t('sensing.validator.title')} className="tool-panel">
      <p className="tool-intro">{t('sensing.validator.intro')}</p>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          optionType="button"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as PayloadKind);
            setCheck(null);
          }}
          options={[
            { value: 'observations', label: t('sensing.validator.observations') },
            { value: 'detections', label: t('sensing.validator.detections') },
          ]}
        />
        <Input.TextArea
          aria-label={t('sensing.validator.payload')}
          placeholder={t('sensing.validator.payload')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 8, maxRows: 20 }}
          className="payload-input"
          spellCheck={false}
        />
        <Space>
          <Button type="primary" onClick={() => setCheck(checkPayload(kind, text))} disabled={text.trim() === ''}>
            {t('sensing.validator.check')}
          </Button>
          <Button onClick={() => setText(EXAMPLES[kind])}>{t('sensing.validator.example')}</Button>
        </Space>
        {check && <CheckResult check={check} kind={kind} />}
      </Space>
    </Panel>
  );
}

function CheckResult({ check, kind }: { check: PayloadCheck; kind: PayloadKind }) {
  const { t } = useTranslation();
  if (!check.ok) {
    const message =
      check.problem === 'not-json'
        ? t('sensing.validator.notJson', { message: check.detail })
        : check.problem === 'not-batch'
          ? t('sensing.validator.notBatch', { field: kind })
          : t('sensing.validator.tooMany', { max: MAX_BATCH, count: check.count });
    return <Alert type="error" showIcon title={message} />;
  }
  if (check.problems.length === 0) return <Alert type="success" showIcon title={t('sensing.validator.allValid', { count: check.count })} />;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('sensing.validator.someInvalid', { count: check.count, bad: check.problems.length })}
      description={
        <ul className="payload-problems">
          {check.problems.slice(0, 200).map((p) => (
            <li key={p.index}>
              {t('sensing.validator.item', { index: p.index + 1 })}
              {p.path ? ` ${p.path}` : ''}: {p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}
