import { useEffect, useState } from 'react';

/** The QR library comes with its own chunk, asked for when a QR code is first shown. */
const qrImageUrl = (text: string) =>
  import('@/screens/MemberSettings/hooks/qrImage').then((module) => module.qrImageUrl(text));

/** A QR code of `text`, drawn by the QR library once it has loaded; nothing while it loads or if it fails. */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrImageUrl(text).then(
      (url) => {
        if (live) setImage({ text, url });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (image?.text !== text)
    return <div className="settings-qr settings-qr-pending" style={{ width: size, height: size }} />;
  return (
    <img
      className="settings-qr"
      src={image.url}
      alt={label}
      width={size}
      height={size}
      data-testid="totp-qr"
    />
  );
}
