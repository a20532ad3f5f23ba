/**
 * Ports the system picks for the services of one process (all-in-one, the cluster launcher): only the
 * gateway's port is the user's, so two copies of the product run side by side. Services dial each other
 * from config at creation, so every address is chosen before the first service starts.
 */
import net from 'node:net';
import { SERVICE_NAMES, type ServiceName } from './env';

export interface ServicePortReservation {
  /** The environment with each unset <SERVICE>_HTTP_PORT and <SERVICE>_GRPC_PORT set to a reserved port. */
  env: NodeJS.ProcessEnv;
  /** Frees the service's reserved ports; call right before the service binds them. */
  release(name: ServiceName): Promise<void>;
  releaseAll(): Promise<void>;
}

/**
 * Reserves a port for every service port variable the operator left unset (or set to 0) by listening on
 * port 0 of every address. Each port stays held until its service is about to bind it, so neither another
 * copy starting at the same moment nor an outgoing connection is handed it meanwhile.
 */
export async function reserveServicePorts(env: NodeJS.ProcessEnv): Promise<ServicePortReservation> {
  const held = new Map<ServiceName, net.Server[]>();
  const filled: NodeJS.ProcessEnv = { ...env };
  const release = async (name: ServiceName) => {
    const servers = held.get(name) ?? [];
    held.delete(name);
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };
  const releaseAll = async () => {
    await Promise.all([...held.keys()].map(release));
  };
  try {
    for (const name of SERVICE_NAMES) {
      for (const kind of ['HTTP', 'GRPC'] as const) {
        const variable = `${name.toUpperCase()}_${kind}_PORT`;
        const value = env[variable];
        if (value !== undefined && value !== '' && value !== '0') continue;
        const server = await listenOnAnyPort();
        held.set(name, [...(held.get(name) ?? []), server]);
        filled[variable] = String((server.address() as net.AddressInfo).port);
      }
    }
  } catch (error) {
    await releaseAll();
    throw error;
  }
  return { env: filled, release, releaseAll };
}

function listenOnAnyPort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Nothing is served here: a connection before the service binds is closed at once.
    const server = net.createServer((socket) => socket.destroy());
    // A reservation alone never keeps the process alive.
    server.unref();
    server.once('error', reject);
    // No host: the port is then free on every address, whichever SERVICE_HOST the service binds.
    server.listen(0, () => resolve(server));
  });
}
