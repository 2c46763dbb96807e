import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface NoticeDatesProps {
  /** the range's first day, `YYYY-MM-DD`, or none */
  from?: string;
  /** the range's last day, `YYYY-MM-DD`, or none */
  to?: string;
  /** the days picked (`YYYY-MM-DD`, either may be missing); both missing when the range is cleared */
  onChange: (from: string | undefined, to: string | undefined) => void;
}

/**
 * The notice list's publication-date filter (/notification-announcement): a range picker, either end
 * optional. Its own module, loaded after the list's first paint (./NoticesPage.tsx): the date picker
 * and its styles are the largest part of the screen's code (docs/web.md §First load).
 */
export default function NoticeDates({ from, to, onChange }: NoticeDatesProps) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      className="notice-dates"
      aria-label={t('nt.list.dateRange')}
      placeholder={[t('nt.list.startDate'), t('nt.list.endDate')]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      allowEmpty={[true, true]}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => onChange(range?.[0]?.format('YYYY-MM-DD'), range?.[1]?.format('YYYY-MM-DD'))}
    />
  );
}
