import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { RsvpConfirm } from '../features/account/rsvp-confirm.tsx';

/** The weekly digest's "I'm coming" link: works without a login. */
export function RsvpPage() {
  const { token = '' } = useParams();
  return (
    <PageFrame title="I’m Coming">
      <RsvpConfirm token={token} />
    </PageFrame>
  );
}
