import { PageFrame } from '../app/layout/page-frame.tsx';

export function StartUpPartiesPage() {
  return (
    <PageFrame title="Start-up Parties">
      <p>The record of our start-up parties, where long-idle cars run again, will appear here.</p>
    </PageFrame>
  );
}
