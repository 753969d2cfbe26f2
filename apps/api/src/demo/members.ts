import type { Db } from '../db/client.ts';
import { members } from '../db/schema/index.ts';

const FIRST = ['Arthur', 'Betty', 'Clarence', 'Doris', 'Earl', 'Florence', 'Gordon', 'Helen', 'Irving', 'June', 'Kenneth', 'Lorraine', 'Milton', 'Norma', 'Oscar', 'Phyllis', 'Ralph', 'Shirley', 'Theodore', 'Virginia', 'Wilbur', 'Agnes', 'Bernard', 'Catherine', 'Donald', 'Evelyn', 'Francis', 'Gladys', 'Howard', 'Irene', 'James', 'Karen', 'Lawrence', 'Marilyn', 'Norman', 'Patricia', 'Roger', 'Sandra', 'Thomas', 'Vivian', 'Warren', 'Barbara', 'Dennis', 'Janet', 'Gary', 'Linda', 'Steven', 'Carol', 'Michael', 'Susan'];
const LAST = ['Abernathy', 'Baumann', 'Castellano', 'Dietrich', 'Engel', 'Fairbanks', 'Gustafson', 'Hargrove', 'Ingram', 'Jablonski', 'Kowalczyk', 'Lindqvist', 'McAllister', 'Novak', 'Oberlin', 'Pendergast', 'Quinlan', 'Rutherford', 'Schroeder', 'Tolliver', 'Underwood', 'Voss', 'Wexler', 'Yancey', 'Zimmerman', 'Brandt', 'Cunningham', 'Dreyer', 'Eckert', 'Fischer', 'Gallagher', 'Hoffmann', 'Jennings', 'Klein', 'Lange', 'Mertens', 'Nolan', "O'Brien", 'Pfeiffer', 'Reinholt', 'Sauer', 'Thornton', 'Vogel', 'Weber', 'Ambrose', 'Becker', 'Coleman', 'Donnelly', 'Emerson', 'Fitzgerald', 'Gerber', 'Holloway', 'Kruger', 'Lutz', 'Meyer', 'Nussbaum', 'Ostermann', 'Price', 'Ramsey', 'Sullivan'];
const CITIES: [string, string][] = [['Kirkwood', '63122'], ['Webster Groves', '63119'], ['Ballwin', '63011'], ['Chesterfield', '63017'], ['Florissant', '63031'], ['St. Charles', '63301'], ['Belleville', '62220'], ['Arnold', '63010'], ['Fenton', '63026'], ['Wildwood', '63038']];
const CARS = ['1928 Model A Roadster', '1929 Model A Tudor Sedan', '1930 Model A Coupe', '1931 Model A Victoria', '1929 Model A Pickup', '1930 Model A Town Sedan', '1931 Model A Deluxe Phaeton', '1928 Model A Sport Coupe', '1930 Model A Cabriolet', '1931 Model A Slant Window Fordor'];
const STREETS = ['Argonne Dr', 'Geyer Rd', 'Essex Ave', 'Adams Ave', 'Clay Ave', 'Dougherty Ferry Rd', 'Big Bend Blvd', 'Manchester Rd', 'Woodlawn Ave', 'Sappington Rd'];

/** About 140 fictional members with addresses and cars, a few of them lapsed. */
export function seedDemoMembers(db: Db): void {
  for (let i = 0; i < 140; i += 1) {
    // Strides coprime with the list lengths spread the names: few members share a surname.
    const first = FIRST[(i * 17) % FIRST.length] as string;
    const last = LAST[(i * 13) % LAST.length] as string;
    const [city, zip] = CITIES[i % CITIES.length] as [string, string];
    const carCount = i % 4 === 0 ? 2 : 1;
    db.insert(members)
      .values({
        firstName: first,
        lastName: last,
        displayName: i % 5 === 0 ? `${first.slice(0, 3)} ${last}` : '',
        email: `${first}.${last.replace(/\W/g, '')}${i >= LAST.length ? i : ''}@example.net`.toLowerCase(),
        address: `${100 + ((i * 37) % 900)} ${STREETS[i % STREETS.length]}`,
        city,
        state: city === 'Belleville' ? 'IL' : 'MO',
        zip,
        phone: `(314) 555-${String(1000 + i * 13).slice(-4)}`,
        cars: Array.from({ length: carCount }, (_, k) => CARS[(i + k * 3) % CARS.length] as string),
        enabled: i % 23 !== 7,
        emailNotifications: i % 6 !== 0,
      })
      .onConflictDoNothing()
      .run();
  }
}
