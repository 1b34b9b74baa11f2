import QRCode from 'qrcode';

/** PNG of a QR code; error correction M survives a phone camera at an angle. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/**
 * The enrolment text inside a customer's login QR (DECISIONS §6), and inside a group's enrolment QR with the group
 * (DECISIONS §10: the device enrols straight into it).
 */
export const enrolmentQrText = (publicUrl: string, enrolmentToken: string, groupId?: string) =>
  `${publicUrl}/enrol?token=${encodeURIComponent(enrolmentToken)}${groupId ? `&group=${groupId}` : ''}`;
