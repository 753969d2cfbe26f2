import { PageFrame } from '../app/layout/page-frame.tsx';

export function ShaftAwardPage() {
  return (
    <PageFrame title="The Shaft Award">
      <p>The story of the Shaft Award, its latest winner and the past recipients will appear here.</p>
    </PageFrame>
  );
}
