import { useState } from 'react';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { AIR_QUALITY_PROPERTIES } from '@eco/contracts/air-quality';
import { AQI_INPUT_MAX, type AqiInputField, type AqiRequest } from '@eco/contracts/aqi';
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import { useAqiCalculation } from '../../api/aqi';
import { Panel } from '../../components/Panel';
import { currentLocale } from '../../i18n/i18n';

/** The fields each mode reads (HJ 633-2012 clause 5 and 表1 notes; the server's hj633.ts decides). */
const FIELDS: Record<'hourly' | 'daily', AqiInputField[]> = {
  hourly: ['pm2_5', 'pm10', 'o3', 'no2', 'so2', 'co', 'so2_24h'],
  daily: ['pm2_5_24h', 'pm10_24h', 'o3_24h', 'o3_8h_24h', 'no2_24h', 'so2_24h', 'co_24h'],
};

function propertyName(code: string, zh: boolean): string {
  const p = AIR_QUALITY_PROPERTIES.find((x) => x.code === code);
  return p ? (zh ? p.nameZh : p.nameEn) : code;
}

function unitOf(code: string): string {
  return AIR_QUALITY_PROPERTIES.find((x) => x.code === code)?.unit ?? '';
}

/**
 * The AQI calculator of /application-tools: concentrations in (µg/m³; CO mg/m³), the server's
 * `calculateAqi` (HJ 633-2012), and the answer: AQI on its level's colour, level, category, primary pollutants
 * and each IAQI. Errors are shown by the request layer.
 */
export function AqiCalculator() {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  const [form] = Form.useForm<AqiRequest>();
  const [mode, setMode] = useState<'hourly' | 'daily'>('hourly');
  const calculate = useAqiCalculation();
  const result = calculate.data;
  const level = aqiLevelOf(result?.aqi);

  return (
    <Panel title={t('sensing.aqi.title')} className="tool-panel">
      <p className="tool-intro">{t('sensing.aqi.intro')}</p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mode: 'hourly' }}
        onValuesChange={(changed: Partial<AqiRequest>) => {
          if (changed.mode) {
            setMode(changed.mode);
            calculate.reset();
          }
        }}
        onFinish={(values) => {
          const body: AqiRequest = { mode: values.mode };
          for (const field of FIELDS[values.mode ?? 'hourly']) if (values[field] != null) body[field] = values[field];
          calculate.mutate(body);
        }}
      >
        <Form.Item name="mode" label={t('sensing.aqi.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'hourly', label: t('sensing.aqi.hourly') },
              { value: 'daily', label: t('sensing.aqi.daily') },
            ]}
          />
        </Form.Item>
        <div className="aqi-fields">
          {FIELDS[mode].map((field) => (
            <Form.Item key={field} name={field} label={propertyName(field, zh)}>
              <InputNumber min={0} max={AQI_INPUT_MAX} step={field.startsWith('co') ? 0.1 : 1} addonAfter={unitOf(field)} style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </div>
        <Space>
          <Button type="primary" htmlType="submit" loading={calculate.isPending}>
            {t('sensing.aqi.calculate')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setMode('hourly');
              calculate.reset();
            }}
          >
            {t('sensing.aqi.reset')}
          </Button>
        </Space>
      </Form>
      {result && (
        <section className="aqi-result" aria-live="polite" data-testid="aqi-result">
          <h3>{t('sensing.aqi.result')}</h3>
          {result.aqi === null ? (
            <p>{t('sensing.aqi.noResult')}</p>
          ) : (
            <>
              <div className="aqi-headline">
                <b className="aqi-value" style={{ background: level?.color, color: level && level.level <= 3 ? '#1a1a1a' : '#fff' }}>
                  AQI {result.aqi}
                </b>
                <span>
                  {t('sensing.aqi.levelN', { level: result.level })} · {zh ? result.category?.zh : result.category?.en}
                </span>
              </div>
              <Descriptions size="small" column={1} bordered>
                <Descriptions.Item label={t('sensing.aqi.primary')}>
                  {result.primaryPollutants.length === 0
                    ? t('sensing.aqi.noPrimary')
                    : result.primaryPollutants.map((p) => propertyName(p, zh)).join(zh ? '、' : ', ')}
                </Descriptions.Item>
                <Descriptions.Item label={t('sensing.aqi.iaqi')}>
                  {Object.entries(result.iaqi).map(([field, value]) => (
                    <Tag key={field}>
                      {propertyName(field, zh)} {value}
                    </Tag>
                  ))}
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
        </section>
      )}
    </Panel>
  );
}
