/** A real gateway in front of echo upstreams and a gRPC identity that answers CheckSession. */
import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE, signSession, type Config } from '@tracklens/kit';
import { silentLogger } from '@tracklens/kit/testing';
import { startGateway, type GatewayOptions, type RunningGateway } from '../../src';
import { startFakeIdentity, startUpstreams, type FakeIdentity, type UpstreamOptions, type Upstreams } from './upstreams';

export interface TestGateway {
  baseUrl: string;
  gateway: RunningGateway;
  identity: FakeIdentity;
  upstreams: Upstreams;
  /** A signed session cookie for user-1. */
  sessionCookie(sessionId?: string): string;
  stop(): Promise<void>;
}

export async function startTestGateway(
  config: Config,
  upstreamOptions: UpstreamOptions = {},
  inProcess: GatewayOptions['inProcess'] = {},
): Promise<TestGateway> {
  const identity = await startFakeIdentity(config);
  const upstreams = await startUpstreams(config, upstreamOptions);
  const gateway = await startGateway({ config, logger: silentLogger, inProcess });
  return {
    baseUrl: `http://127.0.0.1:${gateway.port}`,
    gateway,
    identity,
    upstreams,
    sessionCookie: (sessionId = randomUUID()) =>
      `${SESSION_COOKIE}=${signSession(config.jwtSecret, { userId: 'user-1', sessionId })}`,
    stop: async () => {
      await gateway.stop();
      await upstreams.stop();
      await identity.stop();
    },
  };
}
