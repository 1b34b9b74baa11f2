import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the issue-3 page lands. */
export function DownloadApkPage() {
  return <ComingSoon title="Download APK" />;
}
