/**
 * Where the video shows an event: the frame of its first moment, with its time, in the events table; opened, the
 * frame large with 'at m:ss' and the other moments to step through. An event without evidence shows nothing.
 */
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { screenshotUrl, videoTime, type PlanEvent, type PlanEvidence } from './plan-content';

/** A frame that loads, or says so when it cannot: never a broken image. */
function Frame({
  moment,
  alt,
  className,
  lazy = false,
}: {
  moment: PlanEvidence;
  alt: string;
  className: string;
  /** Thumbnails of a long plan load as they scroll into view. */
  lazy?: boolean;
}) {
  const url = screenshotUrl(moment.screenshot_path);
  // A frame shown in place of another remounts (its key), so it starts loading again.
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  if (!url || state === 'failed') {
    return <span className={`${className} event-evidence__missing`}>Frame not available</span>;
  }
  return (
    <span className={className} aria-busy={state === 'loading'}>
      {state === 'loading' && <Spin size="small" className="event-evidence__spinner" />}
      <img
        src={url}
        alt={alt}
        loading={lazy ? 'lazy' : undefined}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        className={
          state === 'loading' ? 'event-evidence__img event-evidence__img--loading' : 'event-evidence__img'
        }
      />
    </span>
  );
}

export function EventEvidence({ event }: { event: PlanEvent }) {
  const moments = event.evidence ?? [];
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const first = moments[0];
  if (!first) return null;
  const current = moments[Math.min(index, moments.length - 1)] ?? first;
  const others = moments.length - 1;
  const show = (at: number) => {
    setIndex(at);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className="event-evidence__thumb"
        onClick={() => show(0)}
        aria-label={`Open the video frame of ${event.name} at ${videoTime(first.atSec)}${others > 0 ? ` (${moments.length} moments)` : ''}`}
        title="Where the video shows this event"
      >
        <Frame moment={first} alt="" className="event-evidence__thumb-frame" lazy />
        <span className="event-evidence__time">
          {videoTime(first.atSec)}
          {others > 0 && <span className="event-evidence__more"> +{others}</span>}
        </span>
      </button>
      <Modal
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        width={920}
        destroyOnHidden
        title={`${event.name} at ${videoTime(current.atSec)}`}
      >
        <Frame
          key={`${current.videoId}@${current.atSec}`}
          moment={current}
          alt={`Video frame of ${event.name} at ${videoTime(current.atSec)}`}
          className="event-evidence__large"
        />
        {moments.length > 1 && (
          <nav className="event-evidence__steps" aria-label="Moments in the video">
            <Button onClick={() => setIndex(index - 1)} disabled={index === 0}>
              Previous
            </Button>
            <ol className="event-evidence__moments">
              {moments.map((moment, at) => (
                <li key={`${moment.videoId}@${moment.atSec}`}>
                  <Button
                    size="small"
                    type={at === index ? 'primary' : 'default'}
                    aria-current={at === index ? 'true' : undefined}
                    onClick={() => setIndex(at)}
                  >
                    {videoTime(moment.atSec)}
                  </Button>
                </li>
              ))}
            </ol>
            <Button onClick={() => setIndex(index + 1)} disabled={index === moments.length - 1}>
              Next
            </Button>
          </nav>
        )}
      </Modal>
    </>
  );
}
