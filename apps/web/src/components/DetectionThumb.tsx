import { lazy, Suspense, useState } from 'react';
import type { Detection } from '@eco/contracts/sensing';
import { useTranslation } from 'react-i18next';
import { detectionImageHref } from '../api/sensing';
import { currentLocale } from '../i18n/i18n';
import '../i18n/sensing';
import './detection-thumb.css';
import { useInitialState } from '../state/initial-state';

// antd's Image preview, fetched on the first click: it is a tenth of /home's first load (issue 13 item 9)
const DetectionPreview = lazy(() => import('./DetectionPreview'));

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
  const [open, setOpen] = useState(false);
  if (!detection.hasImage) return <span className={`${className} empty`} aria-hidden="true" />;
  const name = currentLocale() === 'zh-CN' ? (detection.nameZh ?? detection.scientificName) : detection.scientificName;
  const thumb = detectionImageHref(detection, 'thumb');
  const alt = t('sensing.wall.photoAlt', { name, thing: detection.thing.name, time });
  return (
    <>
      <button type="button" className={`${className} detection-thumb-button`} onClick={() => setOpen(true)}>
        <img className="detection-thumb-img" src={thumb} alt={alt} loading="lazy" decoding="async" />
        <span className={`${className}-cover detection-thumb-cover-layer`} aria-hidden="true">
          {t('sensing.wall.enlarge')}
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <DetectionPreview src={currentUser ? detectionImageHref(detection, 'full') : thumb} alt={alt} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
