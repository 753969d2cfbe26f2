import type { RouteVisibility } from '@club/contracts/plain';
import { useCallMutation } from '../../../api/call-query.ts';
import type { DraftStep } from '../route-draft.ts';
import { toSaveSteps } from '../route-draft.ts';
import { ROUTE_READS } from './route-reads.ts';

export type RouteDraftFields = {
  id: number;
  title: string;
  description: string;
  start: string;
  finish: string;
  region: string;
  visibility: RouteVisibility;
  steps: DraftStep[];
};

/** Adds (id 0) or saves a route with its steps; resolves with its id once the reads are fresh. */
export function useSaveRoute() {
  const { mutateAsync, isPending } = useCallMutation('route.save', { invalidates: ROUTE_READS });
  return {
    isPending,
    mutateAsync: async ({ steps, ...fields }: RouteDraftFields): Promise<number> =>
      (await mutateAsync({ body: { ...fields, steps: JSON.stringify(toSaveSteps(steps)) } })).i,
  };
}

export function useDeleteRoute() {
  const { mutateAsync, isPending } = useCallMutation('route.delete', { invalidates: ROUTE_READS });
  return { isPending, mutateAsync: async (id: number): Promise<void> => void (await mutateAsync({ body: { id } })) };
}

/** A GPX file as a new route (id 0) or into one, replacing its steps. */
export function useImportGpx() {
  const { mutateAsync, isPending } = useCallMutation('route.import', { invalidates: ROUTE_READS });
  return { isPending, importGpx: async (id: number, file: File) => mutateAsync({ body: { id }, files: { f: [file] } }) };
}

/** The route as a GPX file to save, fetched when asked for. */
export function useExportGpx() {
  const { mutateAsync, isPending } = useCallMutation('route.gpx');
  return { isPending, exportGpx: async (id: number) => mutateAsync({ body: { id } }) };
}

/** The route book as a PDF file to save, fetched when asked for; with one of the route's events, an editor's has the phone list. */
export function useRouteBookPdf() {
  const { mutateAsync, isPending } = useCallMutation('route.pdf');
  return { isPending, fetchPdf: async (id: number, eventId?: number) => mutateAsync({ body: eventId === undefined ? { id } : { id, eventId } }) };
}

/** Puts a route on an event (0 takes it off). */
export function useAttachRoute() {
  const { mutateAsync, isPending } = useCallMutation('route.attach', { invalidates: ROUTE_READS });
  return { isPending, attach: async (eventId: number, routeId: number): Promise<void> => void (await mutateAsync({ body: { eventId, routeId } })) };
}
