import { STOP_KIND_LABELS, formatDistance, milesText } from '@club/contracts/plain';
import type { RouteStep } from '@club/contracts';
import './routes.css';

/** A distance in a table cell: "12.4", with the kilometres beside where the club asks for them. */
function MilesCell({ miles, showKilometres }: { miles: number; showKilometres: boolean }) {
  return <>{showKilometres ? formatDistance(miles, true) : milesText(miles).replace(' mi', '')}</>;
}

/** The numbered steps with their cumulative and leg distances, notes and stops. */
export function RouteStepsTable({ steps, showKilometres, caption }: { steps: readonly RouteStep[]; showKilometres: boolean; caption: string }) {
  if (steps.length === 0) return <p className="notice">This route has no steps yet.</p>;
  const unit = showKilometres ? '' : ' (mi)';
  return (
    <table className="route-steps">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">At{unit}</th>
          <th scope="col">Instruction</th>
          <th scope="col">Leg{unit}</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step, index) => (
          <tr key={index} className={step.stop ? 'route-steps__stop' : undefined}>
            <th scope="row" className="route-steps__number">
              {index + 1}
            </th>
            <td className="route-steps__miles">
              <MilesCell miles={step.at} showKilometres={showKilometres} />
            </td>
            <td>
              <span className="route-steps__instruction">{step.instruction}</span>
              {step.stop && <span className="route-stop-badge">{STOP_KIND_LABELS[step.stop]}</span>}
              {step.note && <span className="route-steps__note">{step.note}</span>}
            </td>
            <td className="route-steps__miles">
              <MilesCell miles={step.leg} showKilometres={showKilometres} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The stops on the way, with where they are. */
export function RouteStops({ steps, showKilometres }: { steps: readonly RouteStep[]; showKilometres: boolean }) {
  const stops = steps.flatMap((step, index) => (step.stop ? [{ step, number: index + 1 }] : []));
  if (stops.length === 0) return null;
  return (
    <section className="route-stops" aria-labelledby="route-stops-heading">
      <h2 id="route-stops-heading">Stops</h2>
      <ul>
        {stops.map(({ step, number }) => (
          <li key={number}>
            <strong>{STOP_KIND_LABELS[step.stop as Exclude<RouteStep['stop'], ''>]}</strong>: {step.instruction}, step {number} at{' '}
            {formatDistance(step.at, showKilometres)}
            {step.note ? ` (${step.note})` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
