import { useParams } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { ListingRenewal } from '../features/classifieds/listing-renewal.tsx';

export function ListingRenewPage() {
  const { token = '' } = useParams();
  return (
    <PageFrame title="Renew a Listing">
      <ListingRenewal token={token} />
    </PageFrame>
  );
}
