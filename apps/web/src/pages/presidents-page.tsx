import { PageFrame } from '../app/layout/page-frame.tsx';

export function PresidentsPage() {
  return (
    <PageFrame title="Past Club Presidents">
      <p>The list of past club presidents, by year, will appear here.</p>
    </PageFrame>
  );
}
