/**
 * The QR code of a text as an image address (SVG): the one place the QR library is named, loaded only
 * when a QR code is shown (its own chunk).
 */
export async function qrImageUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
