import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/api-error.ts';
import { routeBookPath } from '../../lib/paths.ts';
import { useExportGpx } from './api/route-writes.ts';
import { downloadText } from './route-text.ts';

/** "Download GPX" and "Print route book": for phones and car navigators, and for the glovebox. */
export function RouteActions({ routeId, eventId }: { routeId: number; eventId?: number }) {
  const { exportGpx, isPending } = useExportGpx();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p className="button-row">
        <Link className="button button--primary" to={routeBookPath(routeId, eventId)}>
          Print route book
        </Link>
        <button
          type="button"
          className="button"
          disabled={isPending}
          onClick={() => {
            setError(null);
            exportGpx(routeId).then(
              ({ gpx, fileName }) => downloadText(gpx, fileName, 'application/gpx+xml'),
              (failure: unknown) => setError(errorMessageOf(failure)),
            );
          }}
        >
          Download GPX
        </button>
      </p>
      {error && (
        <p className="form__message form__message--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
