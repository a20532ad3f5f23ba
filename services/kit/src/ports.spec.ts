import net from 'node:net';
import { loadConfig } from './config';
import { SERVICE_NAMES } from './env';
import { reserveServicePorts } from './ports';

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe(reserveServicePorts.name, () => {
  it('should give every service two distinct ports the system picked, held until the service is released', async () => {
    const reservation = await reserveServicePorts({ GATEWAY_PORT: '8080' });
    try {
      const config = loadConfig(reservation.env);
      const ports = SERVICE_NAMES.flatMap((name) => [config.services[name].httpPort, config.services[name].grpcPort]);
      expect(new Set(ports).size).toBe(SERVICE_NAMES.length * 2);
      expect(ports.filter((port) => port >= 7101 && port <= 7207)).toEqual([]);
      expect(config.services.media.grpcUrl).toBe(`127.0.0.1:${config.services.media.grpcPort}`);
      expect(config.gatewayPort).toBe(8080);

      const { httpPort, grpcPort } = config.services.identity;
      expect(await canListen(httpPort)).toBe(false);
      await reservation.release('identity');
      expect(await canListen(httpPort)).toBe(true);
      expect(await canListen(grpcPort)).toBe(true);
      expect(await canListen(config.services.billing.httpPort)).toBe(false);
    } finally {
      await reservation.releaseAll();
    }
  });

  it('should keep a port the operator set, and leave the caller environment as it was', async () => {
    const env = { CATALOG_HTTP_PORT: '7302', CATALOG_GRPC_PORT: '' };
    const reservation = await reserveServicePorts(env);
    try {
      const config = loadConfig(reservation.env);
      expect(config.services.catalog.httpPort).toBe(7302);
      expect(config.services.catalog.grpcPort).not.toBe(7202);
      expect(env).toEqual({ CATALOG_HTTP_PORT: '7302', CATALOG_GRPC_PORT: '' });
    } finally {
      await reservation.releaseAll();
    }
    expect(await canListen(loadConfig(reservation.env).services.billing.grpcPort)).toBe(true);
  });
});
