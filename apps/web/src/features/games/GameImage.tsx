import { GAME_IMAGE_RATIO, gameImageUrl, type ImageFormat } from '@wps/contract';
import { useState, type CSSProperties } from 'react';
import { useImageFormat } from './imageFormat';
import './games.css';

export interface GameImageProps {
  /** `{imageBase}.{ext}` is the picture (contract `gameImageUrl`). */
  imageBase: string;
  /** The alternative text; '' when a visible caption already names the picture. */
  alt: string;
  /** Width/height; GAME_IMAGE_RATIO (square) for game art, 2 for banners and vendor logos. */
  ratio?: number;
  /** The intrinsic width the box is reserved with (the CSS decides the drawn size). */
  width?: number;
  className?: string;
  /** Eager for pictures in the first screenful (e.g. the first banner). */
  eager?: boolean;
}

/**
 * Game art in the browser's image format, lazy and asynchronously decoded, in a box reserved before
 * it loads (width, height and aspect-ratio), so nothing shifts. Until the format is known, and when
 * even the PNG fails, a neutral placeholder fills the same box.
 */
export function GameImage({
  imageBase,
  alt,
  ratio = GAME_IMAGE_RATIO,
  width = 240,
  className,
  eager = false,
}: GameImageProps) {
  const detected = useImageFormat();
  // A modern format the server cannot answer for this picture falls back to the PNG, then to the placeholder.
  const [failed, setFailed] = useState<{ base: string; formats: ImageFormat[] }>({
    base: imageBase,
    formats: [],
  });
  const failedFormats = failed.base === imageBase ? failed.formats : [];
  const format: ImageFormat | null =
    detected === null ? null : failedFormats.includes(detected) ? 'na' : detected;
  const height = Math.round(width / ratio);
  const style: CSSProperties = { aspectRatio: `${ratio}` };
  const classes = ['game-image', className].filter(Boolean).join(' ');

  if (format === null || failedFormats.includes('na')) {
    return (
      <span
        className={`${classes} game-image-placeholder`}
        style={style}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      />
    );
  }
  return (
    <img
      className={classes}
      style={style}
      src={gameImageUrl(imageBase, format)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed({ base: imageBase, formats: [...failedFormats, format] })}
    />
  );
}
