/**
 * A stand-in for a Kubernetes Service in front of a service's replicas: each new TCP connection goes to the
 * next replica whose /readyz answered 200 at the last poll, as kube-proxy sends new connections to ready
 * endpoints only. A poll that gets no answer in time changes nothing (the test shares one event loop with
 * the replicas, and a busy loop is not a failed probe). A replica that refuses the connection makes the
 * balancer drop the client's connection unanswered, as a connection to a pod that just died does.
 */
import net from 'node:net';

export interface Replica {
  host: string;
  port: number;
}

export interface ReplicaBalancer {
  port: number;
  /** True once the balancer sends new connections to this replica. */
  routesTo(replica: Replica): boolean;
  stop(): Promise<void>;
}

export async function startReplicaBalancer(replicas: Replica[], pollMs = 50): Promise<ReplicaBalancer> {
  const ready = new Set<Replica>();
  let turn = 0;
  const poll = async () => {
    await Promise.all(
      replicas.map(async (replica) => {
        const answer = await readinessOf(replica);
        if (answer === 'ready') ready.add(replica);
        if (answer === 'not ready') ready.delete(replica);
      }),
    );
  };
  await poll();
  let polling = true;
  const loop = (async () => {
    while (polling) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      await poll();
    }
  })();

  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const candidates = replicas.filter((replica) => ready.has(replica));
    const replica = candidates[turn++ % Math.max(candidates.length, 1)];
    if (!replica) {
      client.destroy();
      return;
    }
    const upstream = net.connect(replica.port, replica.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the balancer has no port');
  return {
    port: address.port,
    routesTo: (replica) => [...ready].some((r) => r.host === replica.host && r.port === replica.port),
    stop: async () => {
      polling = false;
      await loop;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readinessOf(replica: Replica): Promise<'ready' | 'not ready' | 'no answer'> {
  try {
    const response = await fetch(`http://${replica.host}:${replica.port}/readyz`, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200 ? 'ready' : 'not ready';
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'not ready' : 'no answer';
  }
}
