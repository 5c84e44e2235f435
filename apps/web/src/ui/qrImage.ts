import { toString } from 'qrcode';

/**
 * The QR code of a text as an image address (SVG): the one module that names the QR library. Loaded
 * only when a QR code is shown (`ui/QrCode.tsx` imports it on demand), so the library is a chunk of its own.
 */
export async function qrImageUrl(text: string): Promise<string> {
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
