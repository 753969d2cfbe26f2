import type { CarVisibility, Ownership } from '@club/contracts';
import type { CallBody } from '../../../api/client.ts';
import { useCallMutation } from '../../../api/call-query.ts';
import { CAR_READS } from './garage-reads.ts';

/** A car as the editor saves it: id 0 adds one. */
export type CarDraft = {
  id: number;
  /** Only a member editor sends another member's id. */
  ownerId?: number;
  year: string;
  bodyStyle: string;
  colour: string;
  name: string;
  story: string;
  engineNumber: string;
  serial: string;
  visibility: CarVisibility;
  /** The saved photos that stay, in order; `newPhotos` follow them. */
  keptPhotos: string[];
  newPhotos: File[];
  history: { owner: string; from: string; to: string }[];
};

const toYear = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

function toSaveBody(draft: Omit<CarDraft, 'newPhotos'>): CallBody<'car.save'> {
  const history: Ownership[] = draft.history
    .filter((row) => row.owner.trim() !== '' || row.from.trim() !== '' || row.to.trim() !== '')
    .map((row) => ({ owner: row.owner, from: toYear(row.from), to: toYear(row.to) }));
  return {
    id: draft.id,
    ...(draft.ownerId === undefined ? {} : { ownerId: draft.ownerId }),
    year: draft.year,
    bodyStyle: draft.bodyStyle,
    colour: draft.colour,
    name: draft.name,
    story: draft.story,
    engineNumber: draft.engineNumber,
    serial: draft.serial,
    visibility: draft.visibility,
    photos: draft.keptPhotos,
    history: JSON.stringify(history),
  };
}

/** Adds or changes a car; resolves with its id once the registry's reads are fresh. */
export function useSaveCar() {
  const { mutateAsync, isPending } = useCallMutation('car.save', { invalidates: CAR_READS });
  return {
    isPending,
    mutateAsync: async ({ newPhotos, ...draft }: CarDraft): Promise<number> => {
      const reply = await mutateAsync({ body: toSaveBody(draft), files: newPhotos.length ? { f: newPhotos } : undefined });
      return reply.i;
    },
  };
}

export function useDeleteCar() {
  const { mutateAsync, isPending } = useCallMutation('car.delete', { invalidates: CAR_READS });
  return { isPending, mutateAsync: async (id: number): Promise<void> => void (await mutateAsync({ body: { id } })) };
}

export function useAddBodyStyle() {
  const { mutateAsync } = useCallMutation('bodyStyle.add', { invalidates: ['bodyStyles.get'] });
  return async (name: string): Promise<string[]> => (await mutateAsync({ body: { name } })).styles;
}

/** The registry as CSV for the national club (admin); resolves with the text and a file name. */
export function useExportCars() {
  const { mutateAsync, isPending } = useCallMutation('cars.export');
  return { isPending, exportCsv: async () => mutateAsync({ body: {} }) };
}
