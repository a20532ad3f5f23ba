import fs from 'node:fs';
import path from 'node:path';
import { ENV_VARIABLES } from './env';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('should document every variable in the README', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
    const missing = Object.keys(ENV_VARIABLES)
      // Only the per-service endpoint variables are documented as one <SERVICE>_ row; ANALYSIS_CONCURRENCY has its own.
      .map((name) =>
        name.replace(/^(IDENTITY|CATALOG|MEDIA|ANALYSIS|PLANNING|CHAT|BILLING)_(?=(HTTP_PORT|GRPC_PORT|URL|GRPC_URL)$)/, '<SERVICE>_'),
      )
      .filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('should name every bad variable', () => {
    expect(() => loadConfig({ GATEWAY_PORT: 'eighty', APP_ENV: 'staging' })).toThrow(ConfigError);
    try {
      loadConfig({ GATEWAY_PORT: 'eighty', APP_ENV: 'staging' });
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual(['APP_ENV', 'GATEWAY_PORT']);
    }
  });

  it('should refuse embedded defaults in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/DATABASE_URL[\s\S]*NATS_URL[\s\S]*JWT_SECRET/);
    expect(() =>
      loadConfig({
        APP_ENV: 'production',
        DATABASE_URL: 'postgres://db/x',
        NATS_URL: 'nats://nats:4222',
        JWT_SECRET: 'a-real-secret-of-some-length',
      }),
    ).not.toThrow();
  });

  it('should let the gateway start in production without a database or a bus', () => {
    const env = { APP_ENV: 'production', JWT_SECRET: 'a-real-secret-of-some-length' };
    expect(() => loadConfig(env)).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(env, { database: false, bus: false })).not.toThrow();
  });

  it('should default the service ports and URLs of ARCHITECTURE §2', () => {
    const config = loadConfig({});
    expect(config.services.identity).toEqual({
      httpPort: 7101,
      grpcPort: 7201,
      url: 'http://127.0.0.1:7101',
      grpcUrl: '127.0.0.1:7201',
    });
    expect(config.services.billing.httpPort).toBe(7107);
    expect(config.gatewayPort).toBe(8080);
  });

  it('should take the gateway port from PORT when GATEWAY_PORT is unset, as a platform sets it', () => {
    expect(loadConfig({ PORT: '5000' }).gatewayPort).toBe(5000);
    expect(loadConfig({ PORT: '5000', GATEWAY_PORT: '8081' }).gatewayPort).toBe(8081);
    expect(loadConfig({ PORT: '' }).gatewayPort).toBe(8080);
    // PORT is the gateway's alone: the services keep their own ports.
    expect(loadConfig({ PORT: '5000' }).services.identity.httpPort).toBe(7101);
  });

  it('should name a PORT that is not a port', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
