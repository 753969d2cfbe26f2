import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadWhenShown } from '../../components/load-when-shown.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { PATHS, carPath } from '../../lib/paths.ts';
import { useMyCars } from './api/garage-reads.ts';
import { CarCard } from './car-card.tsx';

// The editor (its owner picker, image picker and form) loads when a member opens it.
const CarEditor = loadWhenShown(() => import('./car-editor.tsx').then((m) => m.CarEditor));

/** The account page's garage: the member's own cars, and adding one. */
export function MyCars() {
  const query = useMyCars();
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <section className="panel" aria-labelledby="my-cars">
      <h2 id="my-cars">My cars</h2>
      <p>
        Your cars in the club’s <Link to={PATHS.registry}>registry</Link>. Each is for members only until you choose otherwise.
      </p>
      <QueryState query={query} what="your cars" loadingLabel="Loading your cars…">
        {({ cars }) =>
          cars.length === 0 ? (
            <p>You have no cars in the registry yet.</p>
          ) : (
            <ul className="photo-grid photo-grid--compact">
              {cars.map((car) => (
                <CarCard key={car.id} car={car} isVisibilityShown />
              ))}
            </ul>
          )
        }
      </QueryState>
      <p className="button-row">
        <button type="button" className="button button--primary" onClick={() => setIsAdding(true)}>
          Add a car
        </button>
      </p>
      {isAdding && (
        <CarEditor
          car={null}
          onClose={() => setIsAdding(false)}
          onSaved={(id) => {
            setIsAdding(false);
            void navigate(carPath(id));
          }}
        />
      )}
    </section>
  );
}
