import { gameImageUrl } from '@wps/contract/games';
import { FIRST_SCREEN_IMAGE } from '@/ui/firstScreenImage';

/**
 * Lobby art (`{imageBase}.{avif|webp|png}`, spec section 9 image formats) as a `<picture>`: the
 * browser takes the first format it decodes, so the image never waits for format detection — which
 * matters for the first banner, the likely largest contentful paint. `priority` loads it eagerly with
 * fetchpriority=high; everything else is lazy. The box is sized by the caller (aspect-ratio).
 */
export interface LobbyPictureProps {
  imageBase: string;
  alt: string;
  priority?: boolean;
  className?: string;
  width?: number;
  height?: number;
}

export function LobbyPicture({
  imageBase,
  alt,
  priority = false,
  className,
  width,
  height,
}: LobbyPictureProps) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={gameImageUrl(imageBase, 'avif')} />
      <source type="image/webp" srcSet={gameImageUrl(imageBase, 'webp')} />
      <img
        src={gameImageUrl(imageBase, 'na')}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        {...(priority && FIRST_SCREEN_IMAGE)}
      />
    </picture>
  );
}
