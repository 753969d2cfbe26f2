import { hasPermission, REGISTRY_PAGE_SIZE } from '@club/contracts/plain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FoundGrid } from '../components/found-grid.tsx';
import { loadWhenShown } from '../components/load-when-shown.tsx';
import { Loading } from '../components/loading.tsx';
import { PageFrame } from '../components/page-frame.tsx';
import { QueryState } from '../components/query-state.tsx';
import { PATHS, carPath } from '../lib/paths.ts';
import { positiveNumber, useFiltersInAddress } from '../lib/use-filters-in-address.ts';
import { useBodyStyles, useCarsPage, useCarStats, type RegistryFilters } from '../features/garage/api/garage-reads.ts';
import { CarCard } from '../features/garage/car-card.tsx';
import { RegistryChart } from '../features/garage/registry-chart.tsx';
import { RegistryFiltersForm } from '../features/garage/registry-filters.tsx';
import '../features/garage/garage.css';
import { useSession } from '../session/index.ts';

// A member's editor and the administrator's tools load when shown, never for a visitor.
const CarEditor = loadWhenShown(() => import('../features/garage/car-editor.tsx').then((m) => m.CarEditor));
const RegistryAdmin = loadWhenShown(() => import('../features/garage/registry-admin.tsx').then((m) => m.RegistryAdmin));

function filtersFrom(params: URLSearchParams): RegistryFilters {
  return {
    year: positiveNumber(params.get('year')),
    bodyStyle: params.get('style') ?? '',
    colour: params.get('colour') ?? '',
    hasPhotos: params.get('photos') === '1',
  };
}

function paramsOf(filters: RegistryFilters): Record<string, string> {
  return {
    ...(filters.year === undefined ? {} : { year: String(filters.year) }),
    ...(filters.bodyStyle ? { style: filters.bodyStyle } : {}),
    ...(filters.colour ? { colour: filters.colour } : {}),
    ...(filters.hasPhotos ? { photos: '1' } : {}),
  };
}

/** /registry: counts at a glance, filters kept in the address, and a grid of the cars the viewer may see. */
export function RegistryPage() {
  const { filters, page, apply, pathOf } = useFiltersInAddress(filtersFrom, paramsOf);
  const { user, isLoggedIn } = useSession();
  const stats = useCarStats();
  const styles = useBodyStyles();
  const cars = useCarsPage(filters, page);
  const years = (stats.data?.byYear ?? []).flatMap((row) => (/^\d+$/.test(row.label) ? [Number(row.label)] : []));
  const [isAdding, setIsAdding] = useState(false);
  const navigate = useNavigate();
  const canChooseOwner = user !== null && hasPermission(user.permissions, 'member');
  return (
    <PageFrame
      title="Car Registry"
      width="wide"
      lede={
        isLoggedIn ? (
          <>
            Our members’ Model A’s. Add yours here or from <Link to={PATHS.account}>your account</Link>
            {canChooseOwner ? '; as a member editor you may add a car in any member’s name' : ''}.
          </>
        ) : (
          'Our members’ Model A’s, those their owners share with everyone. Members log in to see the whole registry.'
        )
      }
    >
      {isLoggedIn && (
        <p className="button-row">
          <button type="button" className="button button--primary" onClick={() => setIsAdding(true)}>
            Add a car
          </button>
        </p>
      )}
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
      {/* The counts, the filters and the cars appear together: a chart arriving after the form was
          drawn would push it and the cars down (a layout shift). */}
      {stats.isPending ? (
        <Loading label="Counting the cars…" />
      ) : (
        <>
          <QueryState query={stats} what="the registry’s counts">
            {(counts) => <RegistryChart {...counts} />}
          </QueryState>
          <RegistryFiltersForm filters={filters} years={years} bodyStyles={styles.data?.styles ?? []} onApply={apply} />
          <QueryState query={cars} what="the cars" loadingLabel="Loading the cars…">
            {({ cars: found, total }) => (
              <FoundGrid
                id="registry-cars"
                items={found}
                total={total}
                page={page}
                pageSize={REGISTRY_PAGE_SIZE}
                noun={['car', 'cars']}
                pathOf={pathOf}
                renderItem={(car, isEager) => <CarCard key={car.id} car={car} isVisibilityShown={isLoggedIn} isEager={isEager} />}
              />
            )}
          </QueryState>
        </>
      )}
      {user !== null && hasPermission(user.permissions, 'admin') && <RegistryAdmin />}
    </PageFrame>
  );
}
