import type { CarCount } from '@club/contracts';

/** Counts as bars a person reads at a glance; each bar also says its number in words. */
function CountBars({ title, counts }: { title: string; counts: CarCount[] }) {
  const most = Math.max(1, ...counts.map((row) => row.count));
  return (
    <section className="registry-chart__part" aria-labelledby={`chart-${title}`}>
      <h3 id={`chart-${title}`}>{title}</h3>
      <ul className="registry-chart__bars">
        {counts.map((row) => (
          <li key={row.label} className="registry-chart__row">
            <span className="registry-chart__label">{row.label}</span>
            <span className="registry-chart__bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, (row.count / most) * 100)}%` }} />
            </span>
            <span className="registry-chart__count">
              {row.count}
              <span className="visually-hidden"> {row.count === 1 ? 'car' : 'cars'}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RegistryChart({ total, byYear, byBodyStyle }: { total: number; byYear: CarCount[]; byBodyStyle: CarCount[] }) {
  return (
    <section className="panel registry-chart" aria-labelledby="registry-chart">
      <h2 id="registry-chart">
        {total} {total === 1 ? 'car' : 'cars'} in the registry
      </h2>
      <div className="registry-chart__parts">
        <CountBars title="By year" counts={byYear} />
        <CountBars title="By body style" counts={byBodyStyle} />
      </div>
    </section>
  );
}
