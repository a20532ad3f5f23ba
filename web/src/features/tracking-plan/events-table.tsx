/**
 * The events table (product-spec §2): Screenshot, Event Trigger, Event Name, Property, Property Type, Example
 * Value, Description; one row per property, the event's cells spanning its properties. Under the screenshot, the
 * moment of the video that shows the event, when the plan knows it. Shared by the generate panel, the history
 * view and the saved items preview.
 */
import { propertyTypeLabel } from '@tracklens/contracts/tracking-plan-export';
import { useEffect, useState } from 'react';
import { EventEvidence } from './event-evidence';
import { screenshotUrl, type PlanEvent, type PlanProperty } from './plan-content';
import './tracking-plan.css';

const COLUMNS = [
  'Screenshot',
  'Event Trigger',
  'Event Name',
  'Property',
  'Property Type',
  'Example Value',
  'Description',
] as const;

const DASH = '—';

function Thumbnail({ event }: { event: PlanEvent }) {
  const url = screenshotUrl(event.screenshot_path);
  const [broken, setBroken] = useState(false);
  if (!url || broken) return <span className="events-table__no-image">No image</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="events-table__thumb"
      title={`Open the screenshot of ${event.name} in a new tab`}
    >
      <img src={url} alt={`Screenshot: ${event.name}`} loading="lazy" onError={() => setBroken(true)} />
    </a>
  );
}

function EventRows({ event }: { event: PlanEvent }) {
  const span = Math.max(1, event.properties.length);
  const eventCells = (
    <>
      <td rowSpan={span} className="events-table__shot">
        <Thumbnail event={event} />
        <EventEvidence event={event} />
      </td>
      <td rowSpan={span} className="events-table__trigger">
        {event.trigger || DASH}
      </td>
      <th rowSpan={span} scope="rowgroup" className="events-table__event">
        {event.name}
      </th>
    </>
  );
  if (event.properties.length === 0) {
    return (
      <tr className="events-table__first">
        {eventCells}
        <td className="events-table__dash">{DASH}</td>
        <td className="events-table__dash">{DASH}</td>
        <td className="events-table__dash">{DASH}</td>
        <td className={event.description ? undefined : 'events-table__dash'}>{event.description || DASH}</td>
      </tr>
    );
  }
  return (
    <>
      {event.properties.map((property, index) => (
        <tr key={`${property.name}-${index}`} className={index === 0 ? 'events-table__first' : undefined}>
          {index === 0 && eventCells}
          <td className="events-table__name">
            <PropertyName property={property} />
          </td>
          <td>
            <TypePill property={property} />
          </td>
          <td className="events-table__example">{property.example || DASH}</td>
          <td className="events-table__description">{property.description || DASH}</td>
        </tr>
      ))}
    </>
  );
}

/** Below this width the seven columns cannot be read side by side: each event becomes a card. */
const NARROW_QUERY = '(max-width: 700px)';

function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

function PropertyName({ property }: { property: PlanProperty }) {
  return (
    <>
      <code className="events-table__property">{property.name}</code>
      {property.required && <span className="events-table__required">required</span>}
      {property.pii && (
        <span className="events-table__pii" title="Personal data: never send a real value in examples or tests">
          personal data
        </span>
      )}
    </>
  );
}

/** The type, and for an enum its allowed values ('enum (Monthly | Annual)'), as the exports write it. */
function TypePill({ property }: { property: PlanProperty }) {
  return (
    <span className={`events-table__type events-table__type--${property.type}`}>{propertyTypeLabel(property)}</span>
  );
}

/** The same plan on a phone: one card per event, its properties listed under it. */
function EventCards({ events, caption }: { events: PlanEvent[]; caption: string }) {
  return (
    <ol className="event-cards" aria-label={caption}>
      {events.map((event, index) => (
        <li key={`${event.name}-${index}`} className="event-card">
          <div className="event-card__head">
            <div className="event-card__shots">
              <Thumbnail event={event} />
              <EventEvidence event={event} />
            </div>
            <div className="event-card__title">
              <h4 className="event-card__name">{event.name}</h4>
              <p className="event-card__trigger">{event.trigger || DASH}</p>
            </div>
          </div>
          {event.properties.length === 0 ? (
            <p className="event-card__none">
              No properties{event.description ? ` · ${event.description}` : ''}
            </p>
          ) : (
            <ul className="event-card__props">
              {event.properties.map((property, propertyIndex) => (
                <li key={`${property.name}-${propertyIndex}`} className="event-card__prop">
                  <div className="event-card__prop-head">
                    <PropertyName property={property} />
                    <TypePill property={property} />
                  </div>
                  {property.example && (
                    <p className="event-card__example">
                      e.g. <code>{property.example}</code>
                    </p>
                  )}
                  {property.description && <p className="event-card__description">{property.description}</p>}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export function EventsTable({ events, caption }: { events: PlanEvent[]; caption: string }) {
  const narrow = useNarrowScreen();
  if (narrow) return <EventCards events={events} caption={caption} />;
  return (
    <div className="events-table__scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="events-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {events.map((event, index) => (
          <tbody key={`${event.name}-${index}`} className="events-table__group">
            <EventRows event={event} />
          </tbody>
        ))}
      </table>
    </div>
  );
}
