import express from 'express';
import { closeServer, listen } from './service-host';

describe(listen.name, () => {
  it("should raise Node's requestTimeout when asked (long uploads) and keep the default otherwise", async () => {
    const raised = await listen(express(), '127.0.0.1', 0, { requestTimeoutMs: 3_600_000 });
    const plain = await listen(express(), '127.0.0.1', 0);
    try {
      expect(raised.requestTimeout).toBe(3_600_000);
      expect(plain.requestTimeout).toBe(300_000);
    } finally {
      await closeServer(raised);
      await closeServer(plain);
    }
  });
});
