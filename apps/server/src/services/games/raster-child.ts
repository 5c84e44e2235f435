import sharp from 'sharp';
import type { RasterFormat, RasterJob, RasterReply } from './raster-process.js';

/**
 * The image renderer's own process (raster-process.ts starts it): SVG in, encoded bytes out. libvips
 * keeps what an AVIF encoding allocated for the life of the process, so it lives here and goes away
 * with this process when the renderer has been idle, instead of staying in the server's memory.
 */

function encode(svg: string, format: RasterFormat): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 80 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
  }
}

function reply(message: RasterReply): void {
  process.send?.(message);
}

process.on('message', (job: RasterJob) => {
  encode(job.svg, job.format).then(
    (bytes) => reply({ id: job.id, bytes }),
    (error: unknown) => reply({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The server closed the channel (idle, closing, or gone): nothing more will come.
process.on('disconnect', () => process.exit(0));
