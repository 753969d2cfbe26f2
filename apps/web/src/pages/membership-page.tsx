import { PageFrame } from '../app/layout/page-frame.tsx';

export function MembershipPage() {
  return (
    <PageFrame title="Membership" lede="The club has between 120 and 150 members, and new ones are always welcome.">
      <dl className="facts">
        <div className="facts__row">
          <dt>Regional dues</dt>
          <dd>$30 per year</dd>
        </div>
        <div className="facts__row">
          <dt>National dues</dt>
          <dd>$50 per calendar year</dd>
        </div>
      </dl>
      <p>The latest newsletter, how to join and the membership application will appear here.</p>
    </PageFrame>
  );
}
