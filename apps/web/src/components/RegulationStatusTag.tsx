import Tag from 'antd/es/tag';
import type { RegulationStatus } from '@eco/contracts/regulations';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RegulationStatus, string> = { current: 'green', upcoming: 'blue', repealed: 'default' };

/** 现行 / 即将实施 / 废止 as a coloured tag. */
export function RegulationStatusTag({ status }: { status: RegulationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} className={`status-${status}`}>
      {t(`regulations.statuses.${status}`)}
    </Tag>
  );
}
