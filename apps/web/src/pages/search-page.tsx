import { PageFrame } from '../app/layout/page-frame.tsx';

export function SearchPage() {
  return (
    <PageFrame title="Search">
      <p>Searching the site is not available yet. Please use the menu at the top of the page to find your way.</p>
    </PageFrame>
  );
}
