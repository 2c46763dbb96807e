import Image from 'antd/es/image';

/**
 * antd's image preview of `src`, open from the start; `onClose` when the viewer closes it. Its own
 * chunk, fetched by DetectionThumb on the first click.
 */
export default function DetectionPreview({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  return (
    <Image
      src={src}
      alt={alt}
      style={{ display: 'none' }}
      preview={{
        open: true,
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}
