import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/api-error.ts';
import { routeBookPath } from '../../lib/paths.ts';
import { useExportGpx } from './api/route-writes.ts';
import { RoutePdfButton } from './route-pdf-button.tsx';
import { downloadFile } from './route-text.ts';
import '../../components/form.css';

/** "Print route book", "Download PDF" and "Download GPX": for the glovebox, and for phones and car navigators. */
export function RouteActions({ routeId, eventId }: { routeId: number; eventId?: number }) {
  const { exportGpx, isPending } = useExportGpx();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <p className="button-row">
        <Link className="button button--primary" to={routeBookPath(routeId, eventId)}>
          Print route book
        </Link>
        <RoutePdfButton routeId={routeId} eventId={eventId} onError={setError} />
        <button
          type="button"
          className="button"
          disabled={isPending}
          onClick={() => {
            setError(null);
            exportGpx(routeId).then(
              ({ gpx, fileName }) => downloadFile(gpx, fileName, 'application/gpx+xml'),
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
