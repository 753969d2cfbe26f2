import { lazy, Suspense } from 'react';
import { Loading } from '../../components/loading.tsx';
import type { RouteMapProps } from './route-map-leaflet.tsx';
import './routes.css';

// Leaflet (about 51 KB gzip with its CSS) loads with the first map, never with the site's first page.
const RouteMapLeaflet = lazy(() => import('./route-map-leaflet.tsx'));

/** The route's map, loaded when first shown. */
export function RouteMap(props: RouteMapProps) {
  const hasPoints = props.track.length > 1 || props.steps.some((step) => step.lat !== null);
  if (!hasPoints) return <p className="notice">No map yet: this route has no coordinates. Import a GPX file in the editor to draw it.</p>;
  return (
    <Suspense fallback={<Loading label="Loading the map…" />}>
      <RouteMapLeaflet {...props} />
    </Suspense>
  );
}
