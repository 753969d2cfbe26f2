import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../api/client.ts';
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog.tsx';
import { loadWhenShown } from '../components/load-when-shown.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS, listingPath } from '../lib/paths.ts';
import { useCar } from '../features/garage/api/garage-reads.ts';
import { useDeleteCar } from '../features/garage/api/garage-writes.ts';
import { CarDetails } from '../features/garage/car-details.tsx';
import { carTitleOf } from '../features/garage/car-text.ts';
import '../features/garage/garage.css';
import { useSession } from '../session/index.ts';

// The owner's editors load when opened, never for a visitor.
const CarEditor = loadWhenShown(() => import('../features/garage/car-editor.tsx').then((m) => m.CarEditor));
const ListingEditor = loadWhenShown(() => import('../features/classifieds/listing-editor.tsx').then((m) => m.ListingEditor));

function CarNotFound({ isLoggedIn }: { isLoggedIn: boolean }) {
  return (
    <PageFrame title="Car Not Found">
      <p>
        That car is not in the registry{isLoggedIn ? '' : ', or its owner shows it to members only'}.{' '}
        {!isLoggedIn && (
          <>
            Members can <Link to={PATHS.login}>log in</Link> to see more.{' '}
          </>
        )}
        <Link to={PATHS.registry}>See the registry</Link>.
      </p>
    </PageFrame>
  );
}

/** /registry/{id}: one car, as the viewer may see it; its owner or an editor edits or removes it here. */
export function CarPage() {
  const { carId = '' } = useParams();
  const id = /^\d+$/.test(carId) ? Number(carId) : 0;
  const { isLoggedIn, user } = useSession();
  const [isListing, setIsListing] = useState(false);
  const query = useCar(id);
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const removeHeadingId = useId();
  const deleteCar = useDeleteCar();
  const navigate = useNavigate();
  if (id === 0 || (query.error && isApiError(query.error) && query.error.status === 404)) return <CarNotFound isLoggedIn={isLoggedIn} />;
  const car = query.data?.car;
  return (
    <PageFrame title={car ? carTitleOf(car) : 'Car Registry'}>
      <QueryState query={query} what="the car" loadingLabel="Loading the car…">
        {({ car: found }) => (
          <>
            {found.canEdit && (
              <p className="button-row">
                <button type="button" className="button button--primary" onClick={() => setIsEditing(true)}>
                  Edit this car
                </button>
                {user !== null && found.ownerId === user.id && (
                  <button type="button" className="button" onClick={() => setIsListing(true)}>
                    List this car for sale
                  </button>
                )}
              </p>
            )}
            {isListing && (
              <ListingEditor
                listing={null}
                preset={{ category: 'car', title: carTitleOf(found), carId: found.id, carLabel: carTitleOf(found) }}
                onClose={() => setIsListing(false)}
                onSaved={(listingId) => {
                  setIsListing(false);
                  void navigate(listingPath(listingId));
                }}
              />
            )}
            <CarDetails car={found} />
            {found.canEdit && (
              // Set apart from editing, below the car's facts: a slip of the thumb on a phone must not reach it.
              <section className="car-removal" aria-labelledby={removeHeadingId}>
                <h2 id={removeHeadingId}>Remove this car</h2>
                <p>Takes the car and its photos out of the registry for good.</p>
                <button type="button" className="button button--danger" onClick={() => setIsDeleting(true)}>
                  Remove from the registry
                </button>
              </section>
            )}
            <p>
              <Link to={PATHS.registry}>← All cars in the registry</Link>
            </p>
            {isEditing && <CarEditor car={found} onClose={() => setIsEditing(false)} onSaved={() => setIsEditing(false)} />}
            {isDeleting && (
              <ConfirmDeleteDialog
                title="Remove Car"
                question={`Remove ${carTitleOf(found)} and its photos from the registry? This cannot be undone.`}
                confirmLabel="Remove"
                onConfirm={() => deleteCar.mutateAsync(found.id)}
                onClose={() => setIsDeleting(false)}
                onDeleted={() => void navigate(PATHS.registry)}
              />
            )}
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
