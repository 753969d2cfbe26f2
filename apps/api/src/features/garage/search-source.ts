import { sql } from 'drizzle-orm';
import { shownNameSql } from '../../db/member-name.ts';
import { onlyRecords, type SearchEntry, type SearchSource } from '../../services/search-index.ts';

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
              (SELECT group_concat(owner, ' · ') FROM car_owners WHERE car_id = cars.id) AS history
            FROM cars WHERE cars.id ${onlyRecords(ids)}`,
      )
      .flatMap((car) => {
        const title = [car.year ?? '', car.colour, car.bodyStyle, car.name ? `“${car.name}”` : ''].filter(Boolean).join(' ');
        const named = [car.owner ?? '', car.history ?? ''];
        const entry = (body: string[], audience: SearchEntry['audience']): SearchEntry => ({
          recordId: car.id,
          title,
          body: body.filter(Boolean).join(' · '),
          audience,
        });
        const forMembers = entry([car.story, ...named, car.engineNumber, car.serial], 'members');
        if (car.visibility === 'members') return [forMembers];
        return [forMembers, entry([car.story, ...(car.visibility === 'public-named' ? named : [])], 'visitors')];
      }),
};
