import { PageFrame } from '../app/layout/page-frame.tsx';

export function MeetingsPage() {
  return (
    <PageFrame
      title="Monthly Meetings"
      lede="We meet on the first Tuesday of each month except January, at 7:00 p.m., at a church in Kirkwood, Missouri."
    >
      <p>The church's address, a map and directions will appear here.</p>
    </PageFrame>
  );
}
