import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { SessionGate } from './session-gate';
import { initialSessionState } from './session.slice';

function renderGate(expired: boolean) {
  const store = makeStore({ session: { ...initialSessionState, initialized: true, expired } });
  const router = createMemoryRouter(
    [
      {
        element: <SessionGate />,
        children: [
          { path: '/dashboard', element: <p>Dashboard page</p> },
          { path: '/login', element: <p>Login page</p> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return store;
}

describe(SessionGate.name, () => {
  it('should render the page while the session is alive', () => {
    renderGate(false);
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('should replace the page with the session-expired screen, whose button goes to /login', async () => {
    const store = renderGate(true);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(store.getState().session.expired).toBe(false);
  });
});
