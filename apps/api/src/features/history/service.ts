import type { Idea, President, ShaftAwardWinner, StartupParty } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
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
  type BoardYear,
  type PresidentFields,
  type StartupPartyFields,
} from './store.ts';

const SHAFT_AWARD_MAX_PX = 1200;
const BOARD_BACKGROUND_MAX_PX = 2000;

/** Pairs the posted post and member lists into seats; rows left wholly blank are dropped. */
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

type ShaftAwardSave = {
  id: number;
  year: number;
  name: string;
  /** Whether to keep the current photo when no new one is sent; a URL is never taken from the client. */
  keepImage: boolean;
  photo?: Buffer;
};

export type HistoryService = {
  listPresidents(): President[];
  /** Adds (id 0) or updates a president; returns the id. */
  savePresident(id: number, fields: PresidentFields): number;
  listShaftAwardWinners(): ShaftAwardWinner[];
  saveShaftAwardWinner(winner: ShaftAwardSave): Promise<{ id: number; imageUrl: string }>;
  listStartupParties(): StartupParty[];
  saveStartupParty(id: number, fields: StartupPartyFields): number;
  listBoardYears(): BoardYear[];
  /** Replaces a year's board from the posted rows, and its background picture when one is sent. */
  saveBoardYear(year: number, posts: string[], members: string[], picture?: Buffer): Promise<void>;
  readIdea(): Idea;
  writeIdea(idea: Idea): void;
};

export function createHistoryService({ db, services }: Pick<AppDeps, 'db' | 'services'>): HistoryService {
  return {
    listPresidents: () => listPresidents(db),

    savePresident(id, fields) {
      return db.transaction((tx) => {
        const savedId = id === 0 ? insertPresident(tx, fields) : id;
        if (id !== 0 && !updatePresident(tx, id, fields)) throw notFound('That president');
        services.search.reindex(tx, 'president', [savedId]);
        return savedId;
      });
    },

    listShaftAwardWinners: () => listShaftAwardWinners(db),

    async saveShaftAwardWinner({ id, year, name, keepImage, photo }) {
      const existing = id === 0 ? undefined : findShaftAwardWinner(db, id);
      if (id !== 0 && !existing) throw notFound('That Shaft Award winner');
      const pending = photo && { buffer: photo, options: { folder: 'shaft-award', maxSize: SHAFT_AWARD_MAX_PX } };
      return services.images.saveWithUploads([pending], ([newUrl]) => {
        const imageUrl = newUrl ?? (keepImage ? (existing?.imageUrl ?? '') : '');
        const dropped = existing?.imageUrl !== imageUrl ? existing?.imageUrl : undefined;
        // The row and its search entry in one transaction (docs/SEARCH.md).
        const savedId = db.transaction((tx) => {
          const winnerId = existing ? existing.id : insertShaftAwardWinner(tx, { year, name, imageUrl });
          if (existing && !updateShaftAwardWinner(tx, existing.id, { year, name, imageUrl })) throw notFound('That Shaft Award winner');
          services.search.reindex(tx, 'shaftAward', [winnerId]);
          return winnerId;
        });
        return { result: { id: savedId, imageUrl }, dropped: [dropped] };
      });
    },

    listStartupParties: () => listStartupParties(db),

    saveStartupParty(id, fields) {
      const { name, owner, model, extra, idleYears, dateStarted } = fields;
      const isBlank = !name && !owner && !model && !extra && idleYears === null && dateStarted === null;
      if (isBlank) throw badRequest('Please fill in at least one detail of the start-up party.');
      return db.transaction((tx) => {
        const savedId = id === 0 ? insertStartupParty(tx, fields) : id;
        if (id !== 0 && !updateStartupParty(tx, id, fields)) throw notFound('That start-up party');
        services.search.reindex(tx, 'startupParty', [savedId]);
        return savedId;
      });
    },

    listBoardYears: () => listBoardYears(db),

    async saveBoardYear(year, posts, members, picture) {
      const seats = pairSeats(posts, members);
      const pending = picture && {
        buffer: picture,
        options: { folder: 'board', maxSize: BOARD_BACKGROUND_MAX_PX, acceptAnyImage: true },
      };
      await services.images.saveWithUploads([pending], ([newUrl]) => {
        const dropped = newUrl ? findBoardImage(db, year) : undefined;
        db.transaction((tx) => {
          replaceBoardYear(tx, year, seats, newUrl);
          services.search.reindex(tx, 'board', [year]);
        });
        return { result: undefined, dropped: [dropped] };
      });
    },

    readIdea: () => readIdea(db),

    writeIdea: (idea) => writeIdea(db, idea),
  };
}
