import { act, fireEvent, screen, within } from '@testing-library/react';
import { ignorePseudoElementStyles } from '../../test/antd-jsdom';
import { renderWithProviders } from '../../test/render';
import { EventEvidence } from './event-evidence';
import { EventsTable } from './events-table';
import type { PlanEvent } from './plan-content';

const frame = (name: string) => `/api/images/users/u1/products/p1/screenshots/video-1/${name}.jpg`;

function anEvent(overrides: Partial<PlanEvent> = {}): PlanEvent {
  return {
    name: 'Sign Up Submitted',
    trigger: 'User submits the sign-up form',
    description: 'The sign-up form is sent.',
    category: 'user_action',
    screenshot_path: frame('1'),
    properties: [
      { name: 'plan', type: 'string', description: 'Chosen plan', example: 'pro', required: true },
    ],
    evidence: [
      { videoId: 'video-1', atSec: 42.4, screenshot_path: frame('frame-3') },
      { videoId: 'video-1', atSec: 65, screenshot_path: frame('frame-7') },
      { videoId: 'video-1', atSec: 130, screenshot_path: frame('frame-9') },
    ],
    ...overrides,
  };
}

function renderTable(events: PlanEvent[]) {
  return renderWithProviders([
    { path: '/', element: <EventsTable events={events} caption="Tracking plan events" /> },
  ]);
}

async function click(element: HTMLElement) {
  await act(async () => fireEvent.click(element));
}

beforeEach(() => {
  ignorePseudoElementStyles();
  // The table layout, not the phone's cards.
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => jest.restoreAllMocks());

describe(EventEvidence.name, () => {
  it('should show the first moment of an event in its row, with its time and how many more there are', () => {
    renderTable([anEvent(), anEvent({ name: 'Home Viewed', evidence: undefined })]);
    const row = screen.getByRole('rowheader', { name: 'Sign Up Submitted' }).closest('tr') as HTMLElement;
    const thumb = within(row).getByRole('button', {
      name: 'Open the video frame of Sign Up Submitted at 0:42 (3 moments)',
    });
    expect(thumb.textContent).toContain('0:42');
    expect(thumb.textContent).toContain('+2');
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe(frame('frame-3'));
    // The screenshot thumbnail of the screen is still there beside it.
    expect(within(row).getByRole('link', { name: 'Screenshot: Sign Up Submitted' })).toBeTruthy();
  });

  it('should show nothing for an event without evidence: no button, no image', () => {
    renderTable([anEvent({ evidence: undefined, screenshot_path: null })]);
    const row = screen.getByRole('rowheader', { name: 'Sign Up Submitted' }).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByText('No image')).toBeTruthy();
  });

  it("should open the frame large 'at 0:42' and step through the other moments", async () => {
    renderTable([anEvent()]);
    await click(screen.getByRole('button', { name: /Open the video frame of Sign Up Submitted/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign Up Submitted at 0:42')).toBeTruthy();
    const large = within(dialog).getByRole('img', { name: 'Video frame of Sign Up Submitted at 0:42' });
    expect(large.getAttribute('src')).toBe(frame('frame-3'));
    // Loading until the browser has the frame.
    expect(large.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    await act(async () => fireEvent.load(large));
    expect(large.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false');

    const steps = within(dialog).getByRole('navigation', { name: 'Moments in the video' });
    expect((within(steps).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0:42', '1:05', '2:10']);
    await click(within(steps).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Sign Up Submitted at 1:05')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('img', { name: 'Video frame of Sign Up Submitted at 1:05' })
        .getAttribute('src'),
    ).toBe(frame('frame-7'));
    await click(within(steps).getByRole('button', { name: '2:10' }));
    expect(within(dialog).getByText('Sign Up Submitted at 2:10')).toBeTruthy();
    expect((within(steps).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('should say the frame is not available instead of a broken image, and offer no steps for a single moment', async () => {
    renderTable([anEvent({ evidence: [{ videoId: 'video-1', atSec: 3, screenshot_path: frame('gone') }] })]);
    const thumb = screen.getByRole('button', { name: 'Open the video frame of Sign Up Submitted at 0:03' });
    await act(async () => fireEvent.error(thumb.querySelector('img') as HTMLImageElement));
    expect(within(thumb).getByText('Frame not available')).toBeTruthy();
    await click(thumb);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign Up Submitted at 0:03')).toBeTruthy();
    await act(async () => fireEvent.error(within(dialog).getByRole('img', { name: /Video frame/ })));
    expect(within(dialog).queryByRole('img', { name: /Video frame/ })).toBeNull();
    expect(within(dialog).getByText('Frame not available')).toBeTruthy();
    expect(within(dialog).queryByRole('navigation')).toBeNull();
  });
});
