import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import type { ImageService } from '../../services/images.ts';
import {
  findBoardImage,
  findShaftAwardWinner,
  insertPresident,
  insertShaftAwardWinner,
  insertStartupParty,
  listBoardYears,
  listPresidents,
  listShaftAwardWinners,
  listStartupParties,
  readIdea,
  replaceBoardYear,
  updatePresident,
  updateShaftAwardWinner,
  updateStartupParty,
  writeIdea,
  type BoardSeat,
} from './store.ts';

const SHAFT_AWARD_MAX_PX = 1200;
const BOARD_BACKGROUND_MAX_PX = 2000;

type UploadChange = { stored: string | undefined; dropped: string | undefined };

/**
 * Runs a database write that refers to a freshly stored upload; if the write fails the upload is
 * deleted again so no orphan file is left, and only once it succeeds is the dropped file deleted.
 */
function commitWithUpload<T>(images: ImageService, { stored, dropped }: UploadChange, write: () => T): T {
  let result: T;
  try {
    result = write();
  } catch (error) {
    if (stored) images.remove(stored);
    throw error;
  }
  if (dropped && dropped !== stored) images.remove(dropped);
  return result;
}

/** Pairs the posted p[] and m[] lists into seats; rows left wholly blank are dropped. */
function pairSeats(posts: string[], members: string[]): BoardSeat[] {
  if (posts.length !== members.length) {
    throw badRequest('Each board row needs a post and a member. Please fill in both, or remove the row.');
  }
  const seats: BoardSeat[] = [];
  posts.forEach((post, index) => {
    const member = members[index] ?? '';
    if (!post && !member) return;
    if (!post) throw badRequest(`Please enter the post that ${member} holds, or remove that row.`);
    if (!member) throw badRequest(`Please enter who holds the post "${post}", or remove that row.`);
    seats.push({ post, member });
  });
  if (seats.length === 0) throw badRequest('Please enter at least one post and member for the board.');
  return seats;
}

const firstFile = (files: Record<string, UploadedFile[]>, field: string): UploadedFile | undefined => files[field]?.[0];

export function mountHistoryCalls(api: ApiRouter, { db, services }: AppDeps): void {
  mountCall(api, 'presidents.get', () => ({ p: listPresidents(db) }));

  mountCall(api, 'president.save', ({ i: id, y: year, n: name }) => {
    if (id === 0) return { i: insertPresident(db, { year, name }) };
    if (!updatePresident(db, id, { year, name })) throw notFound('That president');
    return { i: id };
  });

  mountCall(api, 'shaftAwardWinners.get', () => ({ w: listShaftAwardWinners(db) }));

  mountCall(api, 'shaftAwardWinner.set', async ({ i: id, y: year, n: name, img: keptImage }, { files }) => {
    const existing = id === 0 ? undefined : findShaftAwardWinner(db, id);
    if (id !== 0 && !existing) throw notFound('That Shaft Award winner');
    const photo = firstFile(files, 'f');
    const newUrl = photo
      ? await services.images.storeJpeg(photo.buffer, { folder: 'shaft-award', maxSize: SHAFT_AWARD_MAX_PX })
      : undefined;
    // The client's img only says whether to keep the current photo; a URL is never taken from it.
    const imageUrl = newUrl ?? (keptImage ? (existing?.imageUrl ?? '') : '');
    const dropped = existing?.imageUrl !== imageUrl ? existing?.imageUrl : undefined;
    const savedId = commitWithUpload(services.images, { stored: newUrl, dropped }, () => {
      if (!existing) return insertShaftAwardWinner(db, { year, name, imageUrl });
      if (!updateShaftAwardWinner(db, existing.id, { year, name, imageUrl })) throw notFound('That Shaft Award winner');
      return existing.id;
    });
    return { i: savedId, img: imageUrl };
  });

  mountCall(api, 'startupParties.get', () => ({ p: listStartupParties(db) }));

  mountCall(api, 'startupParty.set', ({ i: id, n: name, o: owner, m: model, y: idleYears, s: dateStarted, x: extra }) => {
    const fields = { name, owner, model, idleYears: idleYears ?? null, dateStarted: dateStarted ?? null, extra };
    const isBlank = !name && !owner && !model && !extra && fields.idleYears === null && fields.dateStarted === null;
    if (isBlank) throw badRequest('Please fill in at least one detail of the start-up party.');
    if (id === 0) return { i: insertStartupParty(db, fields) };
    if (!updateStartupParty(db, id, fields)) throw notFound('That start-up party');
    return { i: id };
  });

  mountCall(api, 'boardMembers.get', () => ({
    b: listBoardYears(db).map(({ year, imageUrl, seats }) => [
      year,
      imageUrl,
      JSON.stringify(seats.map(({ post, member }) => [post, member])),
    ]),
  }));

  mountCall(api, 'boardMembers.save', async ({ y: year, p: posts, m: members }, { files }) => {
    const seats = pairSeats(posts, members);
    const picture = firstFile(files, 'f');
    const newUrl = picture
      ? await services.images.storeJpeg(picture.buffer, {
          folder: 'board',
          maxSize: BOARD_BACKGROUND_MAX_PX,
          acceptAnyImage: true,
        })
      : undefined;
    const dropped = newUrl ? findBoardImage(db, year) : undefined;
    commitWithUpload(services.images, { stored: newUrl, dropped }, () => replaceBoardYear(db, year, seats, newUrl));
    return {};
  });

  mountCall(api, 'idea.get', () => readIdea(db));

  mountCall(api, 'idea.set', ({ t: title, c: content, a: author }) => {
    writeIdea(db, { title, content, author });
    return {};
  });
}
