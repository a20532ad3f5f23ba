/** Entry: the store, the start-up session check, the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { startSession } from './features/session/session.thunks';
import './styles.css';

const store = makeStore();
void store.dispatch(startSession());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createAppRouter()} />
    </Provider>
  </StrictMode>,
);
