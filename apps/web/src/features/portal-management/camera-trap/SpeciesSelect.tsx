import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpeciesSearch } from '../../../api/camera-trap';
import '../../../i18n/camera-trap';
import { LevelTag } from './LevelTag';

/**
 * A species of the national list (2021), searched on the server by Chinese or scientific name as
 * the reviewer types; each option shows the Chinese name, the scientific name and the level.
 * `value` / `onChange` carry the scientific name.
 */
export function SpeciesSelect({ value, onChange, id }: { value?: string; onChange: (scientificName: string | undefined) => void; id?: string }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useSpeciesSearch(q);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQ }}
      allowClear
      value={value}
      onChange={(v: string | undefined) => onChange(v)}
      placeholder={t('cameraTrap.review.speciesPlaceholder')}
      notFoundContent={found.isFetching ? undefined : t('cameraTrap.review.noSpecies')}
      loading={found.isFetching}
      style={{ width: '100%' }}
      optionLabelProp="label"
      options={(found.data ?? []).map((s) => ({
        value: s.scientificName,
        label: `${s.nameZh} ${s.scientificName}`,
        title: `${s.nameZh} ${s.scientificName}`,
        species: s,
      }))}
      optionRender={(option) => {
        const s = option.data.species;
        return (
          <Space size={6} wrap={false}>
            <span>{s.nameZh}</span>
            <i className="ct-latin">{s.scientificName}</i>
            <LevelTag level={s.level} />
          </Space>
        );
      }}
    />
  );
}
