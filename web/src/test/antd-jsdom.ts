/** antd in jsdom: the workarounds the billing specs share. */
import { act } from '@testing-library/react';
import notification, { actWrapper } from 'antd/es/notification';

/**
 * antd's Modal measures the scrollbar with getComputedStyle(element, '::-webkit-scrollbar'), which jsdom
 * does not implement and reports as an error; jsdom's answer without the pseudo-element serves as well.
 */
export function ignorePseudoElementStyles(): void {
  const original = window.getComputedStyle.bind(window);
  jest.spyOn(window, 'getComputedStyle').mockImplementation((element) => original(element));
}

// antd's global toasts render outside the tested tree; its test hook lets React's act() wrap them.
actWrapper((run) => act(run));

/** Toasts outlive the rendered tree; each test starts without the last one's. */
export async function clearToasts(): Promise<void> {
  await act(async () => {
    notification.destroy();
    await Promise.resolve();
  });
}
