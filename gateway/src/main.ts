import { loadConfigOrExit, runStandalone } from '@tracklens/kit';
import { startGateway } from './gateway';

// The gateway opens no database and no bus, so production needs neither DATABASE_URL nor NATS_URL here.
runStandalone('gateway', () => startGateway({ config: loadConfigOrExit(process.env, { database: false, bus: false }) }));
