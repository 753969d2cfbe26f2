import { errorMessageOf } from '../../api/api-error.ts';
import { useRouteBookPdf } from './api/route-writes.ts';
import { bytesOfBase64, downloadFile } from './route-text.ts';

/** "Download PDF": the route book made on the server, for a phone or a computer without a good print dialog. */
export function RoutePdfButton({ routeId, eventId, onError }: { routeId: number; eventId?: number; onError: (message: string | null) => void }) {
  const { fetchPdf, isPending } = useRouteBookPdf();
  return (
    <button
      type="button"
      className="button"
      disabled={isPending}
      aria-busy={isPending}
      onClick={() => {
        onError(null);
        fetchPdf(routeId, eventId).then(
          ({ pdf, fileName }) => downloadFile(bytesOfBase64(pdf), fileName, 'application/pdf'),
          (failure: unknown) => onError(errorMessageOf(failure)),
        );
      }}
    >
      {isPending ? 'Making the PDF…' : 'Download PDF'}
    </button>
  );
}
