import { useEffect, useState } from 'react';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { searchEnterButton } from '../../components/search-enter-button';

/**
 * The keyword box of a back-office list. What is typed stays a draft until searched (Enter or the
 * button); `onSearch` gets it trimmed (at most 100 characters, as the list endpoints accept). The
 * applied `keyword` (from the address) replaces the draft whenever it changes, e.g. on the back
 * button; remount with a new `key` to empty the box when filters are reset.
 */
export function KeywordSearch({ keyword, label, onSearch }: { keyword: string; label: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);
  return (
    <Input.Search
      className="pm-filter-keyword"
      allowClear
      value={draft}
      placeholder={label}
      aria-label={label}
      enterButton={searchEnterButton(t('common.search'))}
      maxLength={100}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(value) => onSearch(value.trim())}
    />
  );
}
