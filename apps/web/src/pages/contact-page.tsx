import { PageFrame } from '../app/layout/page-frame.tsx';

export function ContactPage() {
  return (
    <PageFrame title="Contact">
      <p>A form for sending a message to the club will appear here.</p>
    </PageFrame>
  );
}
