import { PageFrame } from '../app/layout/page-frame.tsx';

export function TechPage() {
  return (
    <PageFrame title="Tech">
      <p>Engine, cylinder head and oil specifications for 1928–1931 cars will be published here.</p>
    </PageFrame>
  );
}
