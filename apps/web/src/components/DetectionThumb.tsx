import Image from 'antd/es/image';
import type { Detection } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { detectionImageHref } from '../api/sensing';
import { currentLocale } from '../i18n/i18n';
import '../i18n/sensing';
import { useInitialState } from '../state/initial-state';

/**
 * The thumbnail of a camera-trap detection in a fixed box (the list does not move while it loads),
 * loaded lazily; a click (or Enter) opens the larger view: the original for signed-in users, the
 * thumbnail for visitors. A detection without an image keeps an empty box of the same size.
 * `time` is how the caller shows the detection's time, for the alternative text; `className`
 * sizes the box (and `<className>-cover` the hover text). Used by /stgz and /home.
 */
export function DetectionThumb({ detection, time, className = 'detection-thumb' }: { detection: Detection; time: string; className?: string }) {
  const { t } = useTranslation();
  const { currentUser } = useInitialState();
  if (!detection.hasImage) return <span className={`${className} empty`} aria-hidden="true" />;
  const name = currentLocale() === 'zh-CN' ? (detection.nameZh ?? detection.scientificName) : detection.scientificName;
  const thumb = detectionImageHref(detection, 'thumb');
  return (
    <Image
      classNames={{ root: className }}
      src={thumb}
      alt={t('sensing.wall.photoAlt', { name, thing: detection.thing.name, time })}
      loading="lazy"
      decoding="async"
      preview={{
        src: currentUser ? detectionImageHref(detection, 'full') : thumb,
        cover: <span className={`${className}-cover`}>{t('sensing.wall.enlarge')}</span>,
      }}
    />
  );
}
