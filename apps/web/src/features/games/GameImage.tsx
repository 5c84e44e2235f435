import { GAME_IMAGE_RATIO, gameImageUrl, type ImageFormat } from '@wps/contract/games';
import { useState, type CSSProperties } from 'react';
import { FIRST_SCREEN_IMAGE } from '@/ui/firstScreenImage';
import { useOfferedFormats } from './imageFormat';
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
  /** Fetched before other pictures: the likely largest paint of its screen. */
  urgent?: boolean;
}

/**
 * Game art as a `<picture>` (AVIF, WebP, the server's PNG) in a box reserved before it loads (width,
 * height and aspect-ratio), so nothing shifts; the browser takes the first format it decodes, so the
 * art is in the server's markup and never waits for a format probe. A format that fails to load is
 * dropped and the next one taken; when even the PNG fails, a neutral placeholder fills the box.
 */
export function GameImage({
  imageBase,
  alt,
  ratio = GAME_IMAGE_RATIO,
  width = 240,
  className,
  eager = false,
  urgent = false,
}: GameImageProps) {
  const offered = useOfferedFormats();
  const [failed, setFailed] = useState<{ base: string; formats: ImageFormat[] }>({
    base: imageBase,
    formats: [],
  });
  const failedFormats = failed.base === imageBase ? failed.formats : [];
  const height = Math.round(width / ratio);
  const style: CSSProperties = { aspectRatio: `${ratio}` };
  const classes = ['game-image', className].filter(Boolean).join(' ');

  if (failedFormats.includes('na')) {
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
  const sources = offered.filter((format) => !failedFormats.includes(format));
  return (
    <picture>
      {sources.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={gameImageUrl(imageBase, format)} />
      ))}
      <img
        className={classes}
        style={style}
        src={gameImageUrl(imageBase, 'na')}
        alt={alt}
        width={width}
        height={height}
        loading={eager || urgent ? 'eager' : 'lazy'}
        fetchPriority={urgent ? 'high' : undefined}
        decoding="async"
        {...(urgent && FIRST_SCREEN_IMAGE)}
        onError={(event) => {
          const shown = formatOf(event.currentTarget.currentSrc, sources);
          setFailed({ base: imageBase, formats: [...failedFormats, shown] });
        }}
      />
    </picture>
  );
}

/** Which of `sources` (or the PNG) an image element ended up loading. */
function formatOf(currentSrc: string, sources: ImageFormat[]): ImageFormat {
  return sources.find((format) => currentSrc.endsWith(`.${format}`)) ?? 'na';
}
