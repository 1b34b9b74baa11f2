import type {
  ApkVersionInfo,
  Dashboard,
  DownloadSdkResponse,
  FamilyLicence,
  LicenceSummaryResponse,
} from '@fleetdeck/contract';

const licence = (family: FamilyLicence['family'], purchased = 0, used = 0): FamilyLicence => ({
  family,
  purchased,
  used,
  expired: 0,
  exceeded: used > purchased,
});

export const emptyDashboard = (): Dashboard => ({
  purchasedDevices: 0,
  pdOnetimeDevices: 0,
  enrolDevices: 0,
  pdEnrolledDevices: 0,
  pdOWEnrolledDevices: 0,
  pcEnrolledDevices: 0,
  ubEnrolledDevices: 0,
  kmEnrolledDevices: 0,
  pChatUsers: 0,
  pobEnrolledDevices: 0,
  upEnrolledDevices: 0,
  slEnrolledDevices: 0,
  monthWiseDeviceCount: Array.from({ length: 12 }, () => 0),
  licences: [],
  licenceExceeded: false,
});

export const dashboardAnswer = (data: Dashboard) => ({ body: { respones_msg: 'Dashboard', data } });

export const licenceSummaryAnswer = (exceeded: boolean) => {
  const body: LicenceSummaryResponse = {
    respones_msg: 'Licence summary',
    data: [licence('PD', 2, exceeded ? 3 : 1)],
    enrolledDevices: exceeded ? 3 : 1,
    purchasedDevices: 2,
    exceeded,
    device_exceeded_message: exceeded ? 'Your enrolled licences exceed then available licences.' : null,
  };
  return { body };
};

const apk = (code: string, version: ApkVersionInfo | null = null) => ({
  apkLink: `https://downloads.example.com/${code}.apk`,
  apkLinkQrCode: `/api/v1/qr/apk/${code}.png`,
  version,
});

/** A hosted APK's details as `download/sdk` and `public/apk-downloads` give them. */
export const hostedApkVersion = (over: Partial<ApkVersionInfo> = {}): ApkVersionInfo => ({
  versionCode: 412,
  versionName: '4.1.2',
  sizeBytes: 13_212_876,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  uploadedAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

export const downloadSdkAnswer = () => {
  const data = {
    pdPriceDetail: apk('PD'),
    pdowPriceDetail: apk('PDOW'),
    slPriceDetail: apk('SL', hostedApkVersion()),
    pcPriceDetail: apk('PC'),
    ubPriceDetail: apk('UB'),
    kmPriceDetail: apk('KM'),
    pobPriceDetail: apk('POB'),
    powerChatPriceDetail: apk('PCHAT'),
  };
  const body: DownloadSdkResponse = { respones_msg: 'App download details', data, ...data };
  return { body };
};

export { licence };
