import type { Db } from '../db/client.ts';
import { insertLinkGroups } from '../features/links/store.ts';
import type { NewLinkGroup } from '../features/links/store.ts';

/**
 * Links a Model A chapter would keep: real national organizations and museums by their own
 * addresses, and fictional suppliers and chapters on example domains.
 */
const DEMO_LINK_GROUPS: NewLinkGroup[] = [
  {
    name: 'National Clubs',
    links: [
      { url: 'https://www.mafca.com/', label: 'Model A Ford Club of America (MAFCA)' },
      { url: 'https://www.modelaford.org/', label: 'Model A Restorers Club (MARC)' },
      { url: 'https://www.aaca.org/', label: 'Antique Automobile Club of America' },
    ],
  },
  {
    name: 'Parts Suppliers',
    links: [
      { url: 'https://www.example.com/gateway-a-parts', label: 'Gateway A Parts, Fenton, Missouri: new and rebuilt parts' },
      { url: 'https://www.example.com/four-banger-machine', label: 'Four Banger Machine Works: engine rebuilding and babbitt pouring' },
      { url: 'https://www.example.com/prairie-upholstery', label: 'Prairie Upholstery Kits: seat covers, headliners and door panels' },
      { url: 'https://www.example.com/spoke-and-rim-wheels', label: 'Spoke & Rim Wheel Service: wire wheel truing and tires' },
    ],
  },
  {
    name: 'Restoration Resources',
    links: [
      { url: 'https://www.thehenryford.org/collections-and-research/digital-resources/', label: 'The Henry Ford: digital collections and research' },
      { url: 'https://www.example.org/model-a-judging-standards', label: 'Judging Standards and restoration guidelines (reference copy)' },
      { url: 'https://www.example.org/model-a-body-tags', label: 'Reading Model A body tags and engine numbers' },
      { url: 'https://www.example.org/six-volt-wiring', label: 'Six-volt wiring diagrams, 1928 to 1931' },
    ],
  },
  {
    name: 'Museums',
    links: [
      { url: 'https://www.thehenryford.org/', label: 'The Henry Ford, Dearborn, Michigan' },
      { url: 'https://www.fordpiquetteplant.org/', label: 'Ford Piquette Avenue Plant, Detroit, Michigan' },
      { url: 'https://www.mohistory.org/', label: 'Missouri Historical Society, St. Louis' },
    ],
  },
  {
    name: 'Other Chapters',
    links: [
      { url: 'https://www.example.net/heartland-a-s', label: "Heartland A's, Kansas City" },
      { url: 'https://www.example.net/prairie-state-model-a', label: 'Prairie State Model A Club, Springfield, Illinois' },
      { url: 'https://www.example.net/ozark-model-a', label: 'Ozark Mountain Model A Club, Springfield, Missouri' },
      { url: 'https://www.example.net/river-bend-a-ford', label: 'River Bend A Fords, Cape Girardeau' },
    ],
  },
];

export function seedDemoLinks(db: Db): void {
  // Straight into the table, as the other demo content: the start fills the search index after seeding.
  db.transaction((tx) => insertLinkGroups(tx, DEMO_LINK_GROUPS));
}
