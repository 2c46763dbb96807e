import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import '../../../i18n/camera-trap';

/** The protection level of a species on the national list: 国家一级 red, 国家二级 orange; nothing when unlisted. */
export function LevelTag({ level }: { level: 'I' | 'II' | null }) {
  const { t } = useTranslation();
  if (!level) return null;
  return (
    <Tag color={level === 'I' ? 'red' : 'orange'} variant="solid" style={{ marginInlineEnd: 0 }}>
      {t(`cameraTrap.levels.${level}`)}
    </Tag>
  );
}
