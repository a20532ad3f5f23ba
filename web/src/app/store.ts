/** The Redux store: the RTK Query cache, the session and the upgrade dialog. */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { upgradeListener } from '../features/billing/upgrade.listener';
import { upgradeReducer } from '../features/billing/upgrade.slice';
import { sessionReducer } from '../features/session/session.slice';
import { sessionListener } from '../features/session/session.listener';
import { api } from './api';

const rootReducer = combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, upgrade: upgradeReducer });

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault().prepend(sessionListener.middleware, upgradeListener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
