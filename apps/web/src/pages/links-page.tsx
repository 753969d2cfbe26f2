import { PageFrame } from '../app/layout/page-frame.tsx';

export function LinksPage() {
  return (
    <PageFrame title="Links" lede="The club does not solicit links.">
      <p>Links to other clubs, suppliers and resources, grouped by heading, will appear here.</p>
    </PageFrame>
  );
}
