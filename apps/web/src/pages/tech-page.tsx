import { PageFrame } from '../components/page-frame.tsx';
import './tech-page.css';

type SpecRow = { item: string; value: string; note?: string };
type SpecTable = { id: string; caption: string; rows: SpecRow[] };

/** Static facts for the 1928–1931 Model A, as restorers quote them from Ford's service literature. */
const TABLES: SpecTable[] = [
  {
    id: 'engine',
    caption: 'Engine, 1928–1931 Model A and AA',
    rows: [
      { item: 'Type', value: 'Four-cylinder in-line, L-head (side valve), water-cooled' },
      { item: 'Bore × stroke', value: '3 7/8 in × 4 1/4 in (98.4 mm × 108 mm)' },
      { item: 'Displacement', value: '200.5 cu in (3.3 liters)' },
      { item: 'Horsepower', value: '40 hp at 2,200 rpm' },
      { item: 'Torque', value: '128 lb-ft at 1,000 rpm' },
      { item: 'Compression ratio', value: '4.22 : 1', note: 'With the standard cylinder head' },
      { item: 'Firing order', value: '1 – 2 – 4 – 3' },
      { item: 'Main bearings', value: 'Three, poured babbitt' },
      { item: 'Connecting rod bearings', value: 'Poured babbitt' },
      { item: 'Valve clearance (cold)', value: '0.013–0.015 in, intake and exhaust' },
      { item: 'Ignition', value: '6-volt battery and coil, distributor with breaker points' },
      { item: 'Breaker point gap', value: '0.018–0.022 in' },
      { item: 'Spark plug gap', value: '0.025 in' },
      { item: 'Fuel feed', value: 'Gravity, from a 10-gallon tank in the cowl' },
      { item: 'Carburetor', value: 'Single-barrel updraft (Zenith or Holley)' },
      { item: 'Cooling', value: 'Centrifugal water pump on the cylinder head, fan and radiator; about 3 gallons' },
    ],
  },
  {
    id: 'cylinder-head',
    caption: 'Cylinder head',
    rows: [
      { item: 'Material', value: 'Cast iron' },
      { item: 'Standard Model A head', value: '4.22 : 1 compression', note: 'As delivered; happy on any pump fuel' },
      { item: 'Model B head (1932)', value: 'About 4.6 : 1 compression', note: 'A popular mild upgrade' },
      { item: '“Police” high-compression head', value: 'About 5.22 : 1 compression', note: 'Livelier; can knock under load' },
      { item: 'Head nut torque', value: '55 lb-ft', note: 'Tighten from the center outward; check again after the first warm-up' },
      { item: 'Gasket', value: 'Copper-faced, fitted dry or with a light coat of sealer per the maker' },
    ],
  },
  {
    id: 'oil',
    caption: 'Oil and lubrication',
    rows: [
      { item: 'Engine oil capacity', value: '5 quarts (US)', note: 'Crankcase, with a dipstick on the left of the block' },
      { item: 'Oiling system', value: 'Gear pump to the valve chamber; gravity to the mains; dippers splash the rods' },
      { item: 'Ford’s recommended change', value: 'Every 500 miles', note: 'Most members change every 1,000 miles or each spring' },
      { item: 'Engine oil grade', value: 'SAE 30 in summer, SAE 20 in winter', note: 'Non-detergent in an engine that has never been cleaned out' },
      { item: 'Transmission and rear axle', value: '600W gear oil or a non-EP SAE 140 gear lube', note: 'Avoid GL-5: its additives attack bronze parts' },
      { item: 'Chassis', value: 'Pressure grease fittings every 500 miles', note: 'Spring shackles, king pins, steering and brake cross-shafts' },
    ],
  },
];

export function TechPage() {
  return (
    <PageFrame
      title="Tech"
      heading="Tech: Model A Specifications"
      width="wide"
      lede="Engine, cylinder head and oil specifications for the 1928–1931 Ford Model A, for the garage wall."
    >
      <div className="tech">
        {TABLES.map((table) => (
          <div key={table.id} className="tech__scroll" role="region" aria-labelledby={`${table.id}-caption`} tabIndex={0}>
            <table className="spec-table">
              <caption id={`${table.id}-caption`}>{table.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Specification</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.item}>
                    <th scope="row">{row.item}</th>
                    <td>{row.value}</td>
                    <td>{row.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      <p className="tech__note">
        Many Model A engines have been rebuilt with modern inserts, seals and ignition parts over the years, so check what your own car has before relying on a
        figure. Questions are welcome at the monthly meeting, where the technical committee is glad to help.
      </p>
    </PageFrame>
  );
}
