/** Renders a component with the real store and a memory router (STYLE: renderWithProviders). */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore, type RootState } from '../app/store';

export function renderWithProviders(
  routes: { path: string; element: ReactElement }[],
  { initialPath = '/', preloadedState }: { initialPath?: string; preloadedState?: Partial<RootState> } = {},
) {
  const store = makeStore(preloadedState);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[initialPath]}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} element={route.element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return { store, ...view };
}
