import { ComingSoon } from './coming-soon';

/** A portal route that a later release builds. */
export function ComingSoonPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
