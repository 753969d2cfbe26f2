import { sql } from 'drizzle-orm';
import { shownNameSql } from '../../db/member-name.ts';
import { onlyRecords, type SearchEntry, type SearchSource } from '../../services/search-index.ts';

/** Between the parts of an entry's text; a parameter in the SQL, so that the server's bundle stays ASCII (build.mjs). */
const SEPARATOR = ' · ';

type CarRow = {
  id: number;
  year: number | null;
  bodyStyle: string;
  colour: string;
  name: string;
  story: string;
  engineNumber: string;
  serial: string;
  visibility: 'members' | 'public' | 'public-named';
  owner: string | null;
  history: string | null;
};

const FORMER_MEMBERS_CAR = 'former member’s car';

/**
 * A car's result title: what it is, then what tells it from the club's other cars of the same year
 * and style (a search for "ford" finds dozens of 1931 Fordors): its colour, and its owner where
 * this audience may see who owns it. "1931 Fordor “Lucky Penny” · Copra Drab · Dave Steinkamp".
 */
function carTitleOf(car: Pick<CarRow, 'year' | 'bodyStyle' | 'name' | 'colour'>, owner: string): string {
  const what = [car.year ?? '', car.bodyStyle, car.name ? `“${car.name}”` : ''].filter(Boolean).join(' ');
  return [what, car.colour, owner].filter(Boolean).join(SEPARATOR);
}

/**
 * Registry cars, found as car.get shows them: members find every car with all its words; a
 * visitor finds a public car without its engine number and serial, and without its owner and
 * history unless the owner chose "public with my name". Two entries, so neither leaks.
 */
export const carSearch: SearchSource = {
  kind: 'car',
  entriesOf: (db, ids) =>
    db
      .all<CarRow>(
        sql`SELECT cars.id, cars.year, body_style AS bodyStyle, colour, cars.name, story, engine_number AS engineNumber, serial, visibility,
              (SELECT ${shownNameSql} FROM members WHERE members.id = cars.owner_id) AS owner,
              (SELECT group_concat(owner, ${SEPARATOR}) FROM car_owners WHERE car_id = cars.id) AS history
            FROM cars WHERE cars.id ${onlyRecords(ids)}`,
      )
      .flatMap((car) => {
        const named = [car.owner ?? '', car.history ?? ''];
        const entry = (title: string, body: string[], audience: SearchEntry['audience']): SearchEntry => ({
          recordId: car.id,
          title,
          body: body.filter(Boolean).join(SEPARATOR),
          audience,
        });
        const forMembers = entry(carTitleOf(car, car.owner ?? FORMER_MEMBERS_CAR), [car.story, ...named, car.engineNumber, car.serial], 'members');
        if (car.visibility === 'members') return [forMembers];
        const isNamed = car.visibility === 'public-named';
        return [forMembers, entry(carTitleOf(car, isNamed ? (car.owner ?? FORMER_MEMBERS_CAR) : ''), [car.story, ...(isNamed ? named : [])], 'visitors')];
      }),
};
