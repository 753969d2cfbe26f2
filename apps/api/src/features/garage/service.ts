import { CAR_MAX_PHOTOS, CAR_VISIBILITY_LABELS, carLabelOf, carPath, hasPermission, REGISTRY_PAGE_SIZE } from '@club/contracts/plain';
import type { CallInput, Car, CarCount, CarSummary, Ownership, SessionUser } from '@club/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { mayActOn, requireOwnerOrPermission } from '../../services/access.ts';
import { memberLineOf, parseCarLine } from './car-line.ts';
import {
  countCars,
  deleteCar,
  findCar,
  findMemberName,
  insertBodyStyle,
  insertCar,
  listAllCars,
  listBodyStyles,
  listCarPage,
  listCarsOfOwner,
  listHistory,
  listOwnedCarLines,
  listPublicCarIds,
  replaceHistory,
  updateCar,
  type CarFields,
  type CarFilters,
  type CarRecord,
  findMemberNameForms,
  replaceHistoryOwner,
} from './store.ts';

/** The longest side a car's photo is stored at (as a photo post's); smaller copies go beside it. */
const CAR_PHOTO_MAX_PX = 2048;

const NOT_FOUND = 'That car';

/** A car as `car.save` sends it (its contract is the one home of the fields), with the photos split. */
type CarSave = Omit<CallInput<'car.save'>, 'g' | 'photos'> & {
  /** The current photos that stay, in order; the new ones follow. */
  keptPhotos: string[];
  newPhotos: Buffer[];
};

export type GarageService = {
  list(viewer: SessionUser | undefined, filters: CarFilters, page: number): { cars: CarSummary[]; total: number };
  stats(viewer: SessionUser | undefined): { total: number; byYear: CarCount[]; byBodyStyle: CarCount[] };
  readOne(viewer: SessionUser | undefined, id: number): Car;
  mine(actor: SessionUser): CarSummary[];
  save(actor: SessionUser, car: CarSave): Promise<{ id: number; photos: string[] }>;
  remove(actor: SessionUser, id: number): void;
  bodyStyles(): string[];
  addBodyStyle(name: string): string[];
  exportCsv(): { csv: string; fileName: string };
};

/** Whether a viewer may see the owner's name: members always, visitors where the owner made it public. */
const showsOwner = (viewer: SessionUser | undefined, car: CarRecord) => viewer !== undefined || car.visibility === 'public-named';

function toSummary(viewer: SessionUser | undefined, car: CarRecord): CarSummary {
  return {
    id: car.id,
    year: car.year,
    bodyStyle: car.bodyStyle,
    colour: car.colour,
    name: car.name,
    photo: car.photos[0] ?? '',
    photoCount: car.photos.length,
    visibility: car.visibility,
    owner: showsOwner(viewer, car) ? car.ownerName : null,
    isFormerMembers: car.ownerId === null,
  };
}

/** A car's page as this viewer may see it; undefined when the car is for members and the viewer is not one. */
function toCar(db: DbOrTx, viewer: SessionUser | undefined, car: CarRecord): Car | undefined {
  if (!viewer && car.visibility === 'members') return undefined;
  const isOwnerShown = showsOwner(viewer, car);
  return {
    ...toSummary(viewer, car),
    story: car.story,
    photos: car.photos,
    engineNumber: viewer ? car.engineNumber : null,
    serial: viewer ? car.serial : null,
    ownerId: isOwnerShown ? car.ownerId : null,
    // Earlier owners would name the family of an owner who chose not to be named.
    history: isOwnerShown ? listHistory(db, car.id) : [],
    canEdit: viewer !== undefined && mayActOn(viewer, 'member', car.ownerId),
  };
}

/** The registry's own spelling of a body style, or a 400 naming the list. */
function canonicalStyle(db: DbOrTx, style: string): string {
  const found = listBodyStyles(db).find((known) => known.toLowerCase() === style.trim().toLowerCase());
  if (!found)
    throw badRequest(
      `“${style}” is not one of the registry’s body styles. Please choose one from the list; if yours is missing, choose Other or ask an administrator to add it.`,
    );
  return found;
}

/** CSV with every cell quoted, and cells a spreadsheet would run as a formula made plain text. */
function toCsv(rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

const historyText = (history: Ownership[]) =>
  history.map((row) => `${row.owner}${row.from !== null || row.to !== null ? ` (${row.from ?? '?'}-${row.to ?? '?'})` : ''}`).join('; ');

export function createGarageService({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): GarageService {
  const findVisible = (viewer: SessionUser | undefined, id: number): { record: CarRecord; car: Car } => {
    const record = findCar(db, id);
    const car = record && toCar(db, viewer, record);
    // A visitor learns nothing of a members-only car, not even that it exists.
    if (!record || !car) throw notFound(NOT_FOUND);
    return { record, car };
  };

  return {
    list(viewer, filters, page) {
      const found = listCarPage(db, viewer !== undefined, filters, page, REGISTRY_PAGE_SIZE);
      return { cars: found.cars.map((car) => toSummary(viewer, car)), total: found.total };
    },

    stats(viewer) {
      return countCars(db, viewer !== undefined);
    },

    readOne(viewer, id) {
      return findVisible(viewer, id).car;
    },

    mine(actor) {
      return listCarsOfOwner(db, actor.id).map((car) => toSummary(actor, car));
    },

    async save(actor, input) {
      const existing = input.id === 0 ? undefined : findCar(db, input.id);
      if (input.id !== 0 && !existing) throw notFound(NOT_FOUND);
      if (existing) requireOwnerOrPermission(actor, 'member', existing.ownerId, 'Only the car’s owner or a member editor can change this car.');
      const currentOwner = existing ? existing.ownerId : actor.id;
      const ownerId = input.ownerId ?? currentOwner;
      if (ownerId !== currentOwner && !hasPermission(actor.permissions, 'member')) {
        throw forbidden('Only a member editor can put a car in another member’s name.');
      }
      if (ownerId !== null && ownerId !== currentOwner && findMemberName(db, ownerId) === undefined) {
        throw badRequest('The owner you chose is not on the member list. Please choose the owner again.');
      }
      const bodyStyle = canonicalStyle(db, input.bodyStyle);
      const current = existing?.photos ?? [];
      const kept = [...new Set(input.keptPhotos)];
      if (kept.some((url) => !current.includes(url))) {
        throw badRequest('A photo of the car is no longer on it (someone may have changed it). Please reload the page and try again.');
      }
      if (kept.length + input.newPhotos.length > CAR_MAX_PHOTOS) {
        throw badRequest(`A car can have at most ${CAR_MAX_PHOTOS} photos. Please remove some before adding more.`);
      }
      // The owner a car leaves joins its history, unless the editor already wrote them in.
      const history = [...input.history];
      const leaving = existing && existing.ownerId !== null && existing.ownerId !== ownerId ? existing.ownerName : null;
      if (leaving && !history.some((row) => row.owner.toLowerCase() === leaving.toLowerCase())) {
        history.push({ owner: leaving, from: null, to: new Date().getFullYear() });
      }
      const pending = input.newPhotos.map((buffer) => ({
        buffer,
        options: { folder: 'cars', maxSize: CAR_PHOTO_MAX_PX, acceptAnyImage: true },
      }));
      return services.images.saveWithUploads(pending, (urls) => {
        const photos = [...kept, ...urls.filter((url): url is string => url !== undefined)];
        const fields: CarFields = {
          ownerId,
          year: input.year,
          bodyStyle,
          colour: input.colour,
          name: input.name,
          story: input.story,
          engineNumber: input.engineNumber,
          serial: input.serial,
          visibility: input.visibility,
          photos,
        };
        const id = db.transaction((tx) => {
          const carId = existing ? existing.id : insertCar(tx, fields);
          if (existing && !updateCar(tx, existing.id, fields)) throw notFound(NOT_FOUND);
          replaceHistory(tx, carId, history);
          services.search.reindex(tx, 'car', [carId]);
          // A member is found by their cars too: the new owner's entry and the one it left.
          services.search.reindex(tx, 'member', [...new Set([ownerId, existing?.ownerId].filter((owner): owner is number => typeof owner === 'number'))]);
          return carId;
        });
        return { result: { id, photos }, dropped: current.filter((url) => !photos.includes(url)) };
      });
    },

    remove(actor, id) {
      const existing = findCar(db, id);
      if (!existing) throw notFound(NOT_FOUND);
      requireOwnerOrPermission(actor, 'member', existing.ownerId, 'Only the car’s owner or a member editor can remove this car.');
      const isDeleted = db.transaction((tx) => {
        if (!deleteCar(tx, id)) return false;
        services.search.reindex(tx, 'car', [id]);
        if (existing.ownerId !== null) services.search.reindex(tx, 'member', [existing.ownerId]);
        return true;
      });
      if (!isDeleted) throw notFound(NOT_FOUND);
      for (const url of existing.photos) services.images.remove(url);
    },

    bodyStyles() {
      return listBodyStyles(db);
    },

    addBodyStyle(name) {
      return db.transaction((tx) => {
        if (listBodyStyles(tx).some((known) => known.toLowerCase() === name.toLowerCase())) {
          throw badRequest(`“${name}” is already on the list of body styles.`);
        }
        insertBodyStyle(tx, name);
        return listBodyStyles(tx);
      });
    },

    exportCsv() {
      const header = ['Id', 'Year', 'Body style', 'Colour', 'Name', 'Engine number', 'Serial', 'Owner', 'Who may see it', 'Photos', 'Earlier owners', 'Page'];
      const rows = listAllCars(db).map((car) => [
        car.id,
        car.year,
        car.bodyStyle,
        car.colour,
        car.name,
        car.engineNumber,
        car.serial,
        car.ownerName ?? 'Former member',
        CAR_VISIBILITY_LABELS[car.visibility],
        car.photos.length,
        historyText(listHistory(db, car.id)),
        `${config.baseUrl}${carPath(car.id)}`,
      ]);
      return { csv: toCsv([header, ...rows]), fileName: `registry-${new Date().toISOString().slice(0, 10)}.csv` };
    },
  };
}

/** A car's line in members.get: the member's own words from the legacy list while they still describe it, or year, style and name. */
const legacyLabelOf = (car: { year: number | null; bodyStyle: string; name: string; legacyLine: string }): string => car.legacyLine || carLabelOf(car);

/** Each member's cars as the legacy `cars` strings say them (members.get), with the cars' ids for links. */
export function legacyCarLines(db: DbOrTx): Map<number, { id: number; label: string }[]> {
  const byOwner = new Map<number, { id: number; label: string }[]>();
  for (const car of listOwnedCarLines(db)) {
    const lines = byOwner.get(car.ownerId) ?? [];
    lines.push({ id: car.id, label: legacyLabelOf(car) });
    byOwner.set(car.ownerId, lines);
  }
  return byOwner;
}

/** Everything about a member's cars, as their owner sees it (a member's data export). */
export function exportCarsOfMember(db: DbOrTx, memberId: number): Car[] {
  return listCarsOfOwner(db, memberId).map((car) => ({
    ...toSummary({ id: memberId, name: '', displayName: '', permissions: [], emailNotifications: false }, car),
    story: car.story,
    photos: car.photos,
    engineNumber: car.engineNumber,
    serial: car.serial,
    ownerId: car.ownerId,
    history: listHistory(db, car.id),
    canEdit: true,
  }));
}

/** Removes a member's cars (their erasure, in the caller's transaction); returns the photos to delete after it commits. */
export function removeCarsOfMember(tx: DbOrTx, memberId: number): string[] {
  const owned = listCarsOfOwner(tx, memberId);
  for (const car of owned) deleteCar(tx, car.id);
  return owned.flatMap((car) => car.photos);
}

/** The pages of the cars anyone may see, for the sitemap. */
export function listPublicCarPaths(db: DbOrTx): string[] {
  return listPublicCarIds(db).map(carPath);
}

/** A member's registry cars with their ids, each labelled as members.get says it (the cars a member picks for a tour). */
export function carChoicesOfMember(db: DbOrTx, memberId: number): { carId: number; label: string }[] {
  return listCarsOfOwner(db, memberId).map((car) => ({ carId: car.id, label: legacyLabelOf(car) }));
}

/**
 * What a legacy `member.save` with `cars` strings means for the registry, in the caller's
 * transaction: a string that reads exactly as one of the member's cars keeps it; the other
 * strings update the member's remaining cars (the one of the same year and style first, keeping
 * its photos and story) and then add new ones (members only); cars no string names are removed. Returns the photos of the
 * removed cars, to delete once the transaction has committed.
 */
export function syncLegacyCars(tx: DbOrTx, memberId: number, lines: string[]): string[] {
  const unmatched = listCarsOfOwner(tx, memberId);
  const rest: string[] = [];
  for (const line of lines) {
    const at = unmatched.findIndex((car) => legacyLabelOf(car) === line);
    if (at >= 0) unmatched.splice(at, 1);
    else rest.push(line);
  }
  const styles = listBodyStyles(tx);
  for (const line of rest) {
    const parsed = parseCarLine(line, styles);
    const legacyLine = memberLineOf(line, parsed);
    // The edited line most likely names the car of the same year and style ("Lucy" got her quotes back).
    const alike =
      [
        unmatched.findIndex((car) => car.year === parsed.year && car.bodyStyle === parsed.bodyStyle),
        unmatched.findIndex((car) => car.year === parsed.year),
        0,
      ].find((at) => at >= 0) ?? 0;
    const [car] = unmatched.splice(alike, 1);
    if (car) {
      const { id: _id, ownerName: _ownerName, legacyLine: _line, ...fields } = car;
      updateCar(tx, car.id, { ...fields, ...parsed }, legacyLine);
    } else {
      insertCar(tx, { ownerId: memberId, ...parsed, colour: '', story: '', engineNumber: '', serial: '', visibility: 'members', photos: [] }, legacyLine);
    }
  }
  for (const car of unmatched) deleteCar(tx, car.id);
  return unmatched.flatMap((car) => car.photos);
}

/** What an erased member is called in the history of a car they once owned. */
const ERASED_OWNER_NAME = 'A former member';

/**
 * Before a member is erased (in the caller's transaction): their name leaves the history of every
 * car they once owned, as "A former member". Returns the cars changed, for the search index.
 */
export function forgetOwnerInHistories(tx: DbOrTx, memberId: number): number[] {
  return replaceHistoryOwner(tx, findMemberNameForms(tx, memberId), ERASED_OWNER_NAME);
}

/**
 * Before a member is deleted: their cars stay in the registry as a former member's, with the
 * member's name added to the end of each car's history (in the caller's transaction).
 */
export function keepCarsOfDeletedMember(tx: DbOrTx, memberId: number): void {
  const name = findMemberName(tx, memberId);
  for (const car of listCarsOfOwner(tx, memberId)) {
    const history = listHistory(tx, car.id);
    if (name && history.at(-1)?.owner !== name) history.push({ owner: name, from: null, to: new Date().getFullYear() });
    replaceHistory(tx, car.id, history);
    const { id: _id, ownerName: _ownerName, legacyLine: _line, ...fields } = car;
    updateCar(tx, car.id, { ...fields, ownerId: null });
  }
}
