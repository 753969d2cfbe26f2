import { PageFrame } from '../app/layout/page-frame.tsx';

export function HistoryPage() {
  return (
    <PageFrame title="Club History">
      <p>The story of how our club began and grew will appear here.</p>
    </PageFrame>
  );
}
