import { useEffect, useState } from 'react';

/** The QR library comes with its own chunk, asked for when a QR code is first shown. */
const qrImageUrl = (text: string) => import('@/ui/qrImage').then((module) => module.qrImageUrl(text));

/**
 * A QR code of `text`, drawn by the QR library once it has loaded; an empty square while it loads or
 * if it fails. Used by the authenticator set-up, the referral link and the agent's downline link.
 */
export function QrCode({
  text,
  label,
  size = 200,
  className = 'settings-qr',
  testId = 'totp-qr',
}: {
  text: string;
  label: string;
  size?: number;
  className?: string;
  testId?: string;
}) {
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
    return <div className={`${className} ${className}-pending`} style={{ width: size, height: size }} />;
  return (
    <img className={className} src={image.url} alt={label} width={size} height={size} data-testid={testId} />
  );
}
