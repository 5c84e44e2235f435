import { encode, tag, withCrcTag } from 'promptparse';
import { anyId } from 'promptparse/generate';
import { QRPay } from 'vietnam-qr-pay';

/**
 * QR payloads in the formats this region's banking apps scan, built with the registry's libraries:
 * PromptPay (Thailand), VietQR (Vietnam, NAPAS), and QR Ph (the Philippines, EMVCo merchant QR with
 * the P2P QR GUID). Amounts are decimal strings in the major unit, as the formats carry them.
 */
export function promptPayPayload(amount: string): string {
  return anyId({ type: 'MSISDN', target: '0812345678', amount: Number(amount) });
}

export function vietQrPayload(amount: string, memo: string): string {
  return QRPay.initVietQR({ bankBin: '970415', bankNumber: '113366668888', amount, purpose: memo }).build();
}

export function qrPhPayload(amount: string, reference: string): string {
  const payload = encode([
    tag('00', '01'),
    tag('01', '12'),
    tag('27', encode([tag('00', 'com.p2pqrpay'), tag('01', 'DEMOPHM1XXX'), tag('03', '09171234567')])),
    tag('52', '6016'),
    tag('53', '608'),
    tag('54', amount),
    tag('58', 'PH'),
    tag('59', 'DEMOPAY MERCHANT'),
    tag('60', 'MANILA'),
    tag('62', encode([tag('05', reference.slice(0, 25))])),
  ]);
  return withCrcTag(payload, '63');
}
